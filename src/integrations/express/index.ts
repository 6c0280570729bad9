// List requests in Express 5, its own entry `qaql/express`: Express is an optional peer
// dependency, and this entry only names its types, so importing it never loads Express.

export type { ListHandlerOptions } from "../../http/read-handler-options.ts";
export { listHandler } from "./express-list-handler.ts";
