/** A URL cut at its query and fragment: `head` + (`?` + `query`) + `fragment`, as written. */
export interface UrlParts {
  /** Everything before the `?`: scheme, authority and path. */
  readonly head: string;
  /** The text between `?` and `#`, or `undefined` when there is no `?`. */
  readonly query: string | undefined;
  /** The `#` and what follows it, or "". */
  readonly fragment: string;
}

/** Cuts a URL, absolute or relative, at its first `?` and first `#`, changing nothing. */
export function splitUrl(url: string): UrlParts {
  const hash = url.indexOf("#");
  const fragment = hash === -1 ? "" : url.slice(hash);
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const mark = beforeHash.indexOf("?");
  if (mark === -1) return { head: beforeHash, query: undefined, fragment };
  return { head: beforeHash.slice(0, mark), query: beforeHash.slice(mark + 1), fragment };
}

const URL_START = /^(?:[A-Za-z][A-Za-z0-9+.-]*:|\/)/;

/**
 * The query string in a text that is either a query string (with or without its `?`) or a
 * whole URL: a text starting with `/` or a scheme, or whose first `?` comes before any `=` or
 * `&`, is a URL. A `#fragment` is dropped.
 */
export function queryStringOf(text: string): string {
  const { head, query } = splitUrl(text);
  if (query === undefined) return URL_START.test(head) ? "" : head;
  if (head === "" || URL_START.test(head) || !/[=&]/.test(head)) return query;
  return `${head}?${query}`;
}

/** The pieces between `&` of a query string, empty ones left out. */
export function piecesOf(query: string): string[] {
  return query === "" ? [] : query.split("&").filter((piece) => piece !== "");
}
