import type { RouteHandlerMethod } from "fastify";
import type { AccessPolicy } from "../../api/access-policy.ts";
import { createListAnswerer, type ListAnswerer } from "../../http/list-handler.ts";
import type {
  CheckedListHandlerOptions,
  HandlerSchemaOption,
  ListHandlerOptions,
} from "../../http/read-handler-options.ts";
import { nodeListCall } from "../node-web-request.ts";

/** A Fastify route handler answering through `answerCall`: its JSON text, unserialized. */
export function answerWith(answerCall: ListAnswerer): RouteHandlerMethod {
  return async (request, reply) => {
    const call = nodeListCall(
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
    const answer = await answerCall(call);
    reply.code(answer.status).headers(answer.headers);
    return reply.send(answer.text);
  };
}

/**
 * A Fastify 5 route handler answering list requests as `createListHandler` does, read straight
 * from the request (its raw query from `request.url`, never `request.query`) and answered
 * through `reply` as status, headers and JSON text.
 */
export function listHandler<
  const S extends HandlerSchemaOption = undefined,
  const P extends AccessPolicy | undefined = undefined,
>(options: CheckedListHandlerOptions<S, P>): RouteHandlerMethod;
export function listHandler(options: ListHandlerOptions): RouteHandlerMethod {
  return answerWith(createListAnswerer(options));
}
