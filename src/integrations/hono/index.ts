// List requests in Hono 4, its own entry `qaql/hono`: Hono is an optional peer dependency, and
// this entry only names its types, so importing it never loads Hono.

export type { ListHandlerOptions } from "../../http/read-handler-options.ts";
export { listHandler } from "./hono-list-handler.ts";
