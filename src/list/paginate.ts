import {
  checkPageNumber,
  type PageRequest,
  type PageSizeOptions,
  resolvePageRequest,
} from "./page-size.ts";
import { PageWindow } from "./page-window.ts";
import { decodeQueryComponent } from "./percent-decode.ts";
import { piecesOf, splitUrl } from "./url-parts.ts";

/** One link of `_links`. */
export interface Link {
  readonly href: string;
}

/** The `_links` of a page of a list (grammar/language.md 6): `previous` and `next` only where they exist. */
export interface PageLinks {
  readonly self: Link;
  readonly first: Link;
  readonly last: Link;
  readonly previous?: Link;
  readonly next?: Link;
}

/** The number of the last page of `total` items: an empty list still has its one, empty, page. */
function countPages(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

type LinkParameter = "where" | "fields" | "page" | "size";

const LINK_PARAMETERS: ReadonlySet<string> = new Set<LinkParameter>([
  "where",
  "fields",
  "page",
  "size",
]);

function linkParameterOf(piece: string): LinkParameter | undefined {
  const equals = piece.indexOf("=");
  const name = decodeQueryComponent(equals === -1 ? piece : piece.slice(0, equals));
  return typeof name === "string" && LINK_PARAMETERS.has(name)
    ? (name as LinkParameter)
    : undefined;
}

/**
 * Makes the href of any page from `selfUrl`: `where`, `fields`, `page` and `size` stay where
 * they first appear (or `page` and `size` are appended, page first), `where` and `fields` as
 * written; repeats of them and every other parameter go, so the links never grow with junk.
 */
function hrefMaker(selfUrl: string, size: number): (page: number) => string {
  const { head, query, fragment } = splitUrl(selfUrl);
  const pieces: string[] = [];
  const seen = new Set<LinkParameter>();
  let pageAt = -1;
  let sizeAt = -1;
  for (const piece of piecesOf(query ?? "")) {
    const name = linkParameterOf(piece);
    if (name === undefined || seen.has(name)) continue;
    seen.add(name);
    const at = pieces.push(piece) - 1;
    if (name === "page") pageAt = at;
    else if (name === "size") sizeAt = at;
  }
  if (pageAt === -1) pageAt = pieces.push("") - 1;
  if (sizeAt === -1) sizeAt = pieces.push("") - 1;
  pieces[sizeAt] = `size=${size}`;
  const before = pieces
    .slice(0, pageAt)
    .map((piece) => `${piece}&`)
    .join("");
  const after = pieces
    .slice(pageAt + 1)
    .map((piece) => `&${piece}`)
    .join("");
  return (page) => `${head}?${before}page=${page}${after}${fragment}`;
}

/**
 * The `_links` of the pages of one list request: `selfUrl` read once, then the links of any
 * page and total, as `pageLinks` writes them. Throws `QueryParameterError` for a size below 1.
 */
export function pageLinksMaker(
  selfUrl: string,
  size: number,
): (page: number, total: number) => PageLinks {
  checkPageNumber("size", size, Infinity);
  const href = hrefMaker(selfUrl, size);
  return (requestedPage, total) => {
    const page = checkPageNumber("page", requestedPage, Infinity);
    if (!Number.isSafeInteger(total) || total < 0) {
      throw new RangeError("total must be a whole number from 0");
    }
    const last = countPages(total, size);
    const links: {
      self: Link;
      first: Link;
      last: Link;
      previous?: Link;
      next?: Link;
    } = { self: { href: href(page) }, first: { href: href(1) }, last: { href: href(last) } };
    if (page > 1) links.previous = { href: href(Math.min(page - 1, last)) };
    if (page < last) links.next = { href: href(page + 1) };
    return links;
  };
}

/**
 * Writes the `_links` of one page of `total` items: `self`, `first`, `last`, and `previous` /
 * `next` where they exist, each `selfUrl` with its `page` and `size` set; past the end,
 * `previous` is the last page. The links carry only `where`, `fields`, `page` and `size`
 * (the first of each, in the order of `selfUrl`, `where` and `fields` in their own raw
 * encoding) and `selfUrl`'s fragment: other parameters are dropped, so that a request padded
 * with unknown ones cannot make every link that long. Throws `QueryParameterError` for a page
 * or size below 1.
 */
export function pageLinks(
  selfUrl: string,
  request: { readonly page: number; readonly size: number },
  total: number,
): PageLinks {
  checkPageNumber("page", request.page, Infinity);
  return pageLinksMaker(selfUrl, request.size)(request.page, total);
}

/** A list response of the API: `{ _links, <resource>: [ … ] }`, typed by the resource's name when known. */
export type ListResponse<T, R extends string = string> = { readonly _links: PageLinks } & {
  readonly [K in R]: T[];
};

/** Options of `paginate`: the resource's name (else the last segment of the URL's path), page sizes. */
export interface PaginateOptions<R extends string = string> extends PageSizeOptions {
  readonly resource?: R | undefined;
}

const SCHEME_AND_AUTHORITY = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/[^/]*/;

/** The name of the list a URL asks for: the last non-empty segment of its path, decoded. */
export function resourceOf(selfUrl: string): string | undefined {
  const path = splitUrl(selfUrl).head.replace(SCHEME_AND_AUTHORITY, "");
  const segment = path.split("/").findLast((s) => s !== "");
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Cuts one page out of `items` and wraps it as the API does, `{ _links, <resource>: [ … ] }`,
 * with the links of `pageLinks`; a page past the end is empty. Throws `QueryParameterError`
 * for a page or size out of range, as `readListRequest` does.
 */
export function paginate<T, R extends string = string>(
  items: readonly T[],
  request: PageRequest,
  selfUrl: string,
  options: PaginateOptions<R> = {},
): ListResponse<T, R> {
  const resource = options.resource ?? resourceOf(selfUrl);
  if (resource === undefined || resource === "" || resource === "_links") {
    const source =
      options.resource === undefined
        ? `the path of ${JSON.stringify(selfUrl)}`
        : "options.resource";
    throw new TypeError(
      `paginate needs a resource name other than "" and "_links", which ${source} does not give`,
    );
  }
  const { page, size } = resolvePageRequest(request, options);
  const _links = pageLinks(selfUrl, { page, size }, items.length);
  const window = new PageWindow<T>(page, size);
  window.addAll(items);
  return { _links, [resource]: window.items } as ListResponse<T, R>;
}
