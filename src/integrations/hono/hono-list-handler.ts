import type { Handler } from "hono";
import type { AccessPolicy } from "../../api/access-policy.ts";
import { createListHandler } from "../../http/list-handler.ts";
import type {
  CheckedListHandlerOptions,
  HandlerSchemaOption,
  ListHandlerOptions,
} from "../../http/read-handler-options.ts";

/**
 * A Hono 4 handler answering list requests as `createListHandler` does: Hono's request is
 * already a Web `Request`, and its `Response` is what a Hono handler returns.
 */
export function listHandler<
  const S extends HandlerSchemaOption = undefined,
  const P extends AccessPolicy | undefined = undefined,
>(options: CheckedListHandlerOptions<S, P>): Handler;
export function listHandler(options: ListHandlerOptions): Handler {
  const handle = createListHandler(options);
  return (c) => handle(c.req.raw);
}
