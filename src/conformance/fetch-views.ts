// The records a run checks against: every record of the list, as each user sees it in each
// language, read within bounds a hostile server cannot push the kit past.
import { ConformanceError } from "../errors/conformance-error.ts";
import { headersFor, isObject, type Row, type Settings, type Views } from "./context.ts";
import { fetchJson } from "./fetch-json.ts";

/** The most pages of a list the kit follows `next` links through when its first names no last one. */
export const MOST_PAGES = 10_000;

/**
 * The most characters of records the kit fetches, over every user and language: it holds them
 * all to evaluate the reference, some 60,000 of the API's records, within 512 MB.
 */
export const MOST_RECORD_CHARS = 64 * 1024 * 1024;

/** The page number a link names, if it names one. */
function pageOf(link: unknown, base: string): number | undefined {
  if (!isObject(link) || typeof link.href !== "string") return undefined;
  try {
    const page = Number(new URL(link.href, base).searchParams.get("page"));
    return Number.isSafeInteger(page) && page >= 1 ? page : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads every record of the resource once, as one user in one language, following `next` links
 * to the last page the first page names (or MOST_PAGES without one); `held` counts the
 * characters of records read so far, over every view, up to MOST_RECORD_CHARS.
 */
async function fetchAll(
  settings: Settings,
  token: string,
  language: string | undefined,
  held: { chars: number },
): Promise<Row[]> {
  const { resource } = settings;
  const records: Row[] = [];
  const seen = new Set<string>();
  let next: string | undefined = settings.base;
  let lastPage: number | undefined;
  while (next !== undefined) {
    const url: string = next;
    const unreadable = (message: string) => new ConformanceError("SERVER_UNREADABLE", url, message);
    if (seen.has(url)) throw unreadable(`the server's next links loop back to ${url}`);
    // Past the last page the first one names, a next link is the checks' to judge, not to follow.
    if (lastPage !== undefined && seen.size >= lastPage) break;
    if (seen.size >= MOST_PAGES) {
      throw unreadable(
        `the server's next links go on past page ${MOST_PAGES}, the most the kit follows, to ${url}`,
      );
    }
    seen.add(url);
    const response = await fetchJson(settings.fetch, url, headersFor(token, undefined, language));
    held.chars += response.size;
    if (held.chars > MOST_RECORD_CHARS) {
      throw unreadable(
        `the records fetched are over ${MOST_RECORD_CHARS / 1024 / 1024} MiB of JSON, more than the kit holds to evaluate them: test a smaller list (--route) or less data`,
      );
    }
    if (
      language !== undefined &&
      response.status === 200 &&
      response.contentLanguage !== language
    ) {
      throw unreadable(
        `GET ${url} with Accept-Language: ${language} answered in ${response.contentLanguage ?? "no language it named"}: name only languages the server has`,
      );
    }
    if (response.status !== 200) {
      const message = isObject(response.body) ? response.body.message : undefined;
      throw unreadable(
        `GET ${url} answered ${response.status}${typeof message === "string" ? `: ${message}` : ""}`,
      );
    }
    const body = response.body;
    const items = isObject(body) ? body[resource] : undefined;
    if (!isObject(body) || !Array.isArray(items) || !isObject(body._links)) {
      throw unreadable(`GET ${url} is not a list response with _links and "${resource}"`);
    }
    for (const item of items) {
      if (!isObject(item)) throw unreadable(`GET ${url} holds an item that is not an object`);
      records.push(item);
    }
    const links = body._links as Row;
    if (lastPage === undefined) lastPage = pageOf(links.last, url);
    const link = links.next;
    const href = isObject(link) && typeof link.href === "string" ? link.href : undefined;
    next = href === undefined ? undefined : new URL(href, url).href;
  }
  return records;
}

/** Fetches what each user sees in each language, and what each does not see of the others'. */
export async function fetchViews(settings: Settings): Promise<Views> {
  const views: Row[][][] = [];
  const held = { chars: 0 };
  for (const token of settings.tokens) {
    const own: Row[][] = [];
    for (const language of settings.languages) {
      own.push(await fetchAll(settings, token, language, held));
    }
    views.push(own);
  }
  const idsOf = (rows: readonly Row[]) => new Set(rows.map((row) => String(row.id)));
  const seen = views.map((own) => idsOf(own[0] ?? []));
  const hidden = views.map((_, user) => {
    const others = views.flatMap((own, other) => (other === user ? [] : (own[0] ?? [])));
    const mine = seen[user] as Set<string>;
    const unique = new Map(
      others.filter((row) => !mine.has(String(row.id))).map((row) => [String(row.id), row]),
    );
    return [...unique.values()];
  });
  const all = views.flatMap((own) => own[0] ?? []);
  const numeric = all.length > 0 && all.every((row) => typeof row.id === "number");
  const largest = numeric ? Math.max(...all.map((row) => row.id as number)) : 0;
  const nobody = numeric ? String(Math.trunc(largest) * 10 + 7) : "qaql-conformance-nobody";
  return { views, hidden, nobody };
}
