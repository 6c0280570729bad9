// List requests (grammar/language.md 6), their own entry `qaql/list`: reading `where`, `fields`,
// `page` and `size` from a query string, writing one, and paging an array with its `_links`.
// `qaql/http` builds on it; a service that only parses and compiles never loads it from `qaql`.

export type { PageRequest, PageSizeOptions } from "./page-size.ts";
export { DEFAULT_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from "./page-size.ts";
export type { Link, ListResponse, PageLinks, PaginateOptions } from "./paginate.ts";
export { pageLinks, paginate } from "./paginate.ts";
export type { ListRequestInput } from "./query-string.ts";
export { buildQueryString } from "./query-string.ts";
export type {
  ListRequest,
  ListRequestError,
  ReadListRequestOptions,
  ReadListRequestOptionsWithoutPolicy,
} from "./read-list-request.ts";
export { readListRequest, safeReadListRequest } from "./read-list-request.ts";
