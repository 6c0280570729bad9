import type { RequestHandler } from "express";
import { createListHandler } from "../../http/list-handler.ts";
import type { ListHandlerOptions } from "../../http/read-handler-options.ts";
import { toWebRequest } from "../node-web-request.ts";

/**
 * An Express 5 route handler answering list requests as `createListHandler` does: the request
 * goes in as a Web `Request` (its raw query from `req.originalUrl`, never `req.query`), the
 * `Response` comes back as status, headers and body; an error of Express's own goes to `next`.
 */
export function listHandler(options: ListHandlerOptions): RequestHandler {
  const handle = createListHandler(options);
  return (req, res, next) => {
    const answer = async () => {
      const request = toWebRequest(
        {
          method: req.method,
          protocol: req.protocol,
          host: req.host ?? "",
          target: req.originalUrl,
          headers: req.headers,
        },
        res,
      );
      const response = await handle(request);
      res.status(response.status).setHeaders(response.headers);
      if (response.body === null) res.end();
      else res.end(new Uint8Array(await response.arrayBuffer()));
    };
    answer().catch(next);
  };
}
