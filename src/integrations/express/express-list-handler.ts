import type { RequestHandler } from "express";
import type { AccessPolicy } from "../../api/access-policy.ts";
import { createListAnswerer } from "../../http/list-handler.ts";
import type {
  CheckedListHandlerOptions,
  HandlerSchemaOption,
  ListHandlerOptions,
} from "../../http/read-handler-options.ts";
import { nodeListCall, writeAnswer } from "../node-web-request.ts";

/**
 * An Express 5 route handler answering list requests as `createListHandler` does, read straight
 * from the Node request (its raw query from `req.originalUrl`, never `req.query`) and written
 * straight to the response, with no Web `Request` or `Response` in between; an error of
 * Express's own goes to `next`.
 */
export function listHandler<
  const S extends HandlerSchemaOption = undefined,
  const P extends AccessPolicy | undefined = undefined,
>(options: CheckedListHandlerOptions<S, P>): RequestHandler;
export function listHandler(options: ListHandlerOptions): RequestHandler {
  const answerCall = createListAnswerer(options);
  return (req, res, next) => {
    const answer = async () => {
      const call = nodeListCall(
        {
          method: req.method,
          protocol: req.protocol,
          host: req.host ?? "",
          target: req.originalUrl,
          headers: req.headers,
        },
        res,
      );
      writeAnswer(await answerCall(call), res);
    };
    answer().catch(next);
  };
}
