import type { RouteHandlerMethod } from "fastify";
import { createListHandler, type ListHandler } from "../../http/list-handler.ts";
import type { ListHandlerOptions } from "../../http/read-handler-options.ts";
import { toWebRequest } from "../node-web-request.ts";

/** A Fastify route handler answering through `handle`: the bytes of its `Response`, unserialized. */
export function answerWith(handle: ListHandler): RouteHandlerMethod {
  return async (request, reply) => {
    const web = toWebRequest(
      {
        // Fastify answers HEAD with the GET payload and drops it itself, measuring it for
        // Content-Length; it cannot take a `Response` on a HEAD route (5.12 throws).
        method: request.method === "HEAD" ? "GET" : request.method,
        protocol: request.protocol,
        host: request.host,
        target: request.url,
        headers: request.headers,
      },
      reply.raw,
    );
    const response = await handle(web);
    reply.code(response.status);
    for (const [name, value] of response.headers) reply.header(name, value);
    return reply.send(new Uint8Array(await response.arrayBuffer()));
  };
}

/**
 * A Fastify 5 route handler answering list requests as `createListHandler` does: the request
 * goes in as a Web `Request` (its raw query from `request.url`, never `request.query`), and the
 * `Response` comes back through `reply` as status, headers and body.
 */
export function listHandler(options: ListHandlerOptions): RouteHandlerMethod {
  return answerWith(createListHandler(options));
}
