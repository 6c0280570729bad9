// List requests in Fastify 5, its own entry `qaql/fastify`: Fastify is an optional peer
// dependency, and this entry only names its types, so importing it never loads Fastify.

export type { ListHandlerOptions } from "../../http/read-handler-options.ts";
export { listHandler } from "./fastify-list-handler.ts";
export { listRoute } from "./fastify-list-route.ts";
