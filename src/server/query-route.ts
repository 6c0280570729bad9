import { quoteForEcho } from "../http/echo.ts";
import type { Artefact } from "../query/artefact.ts";
import { safeParseQueryDefinition } from "../query/definition.ts";
import type { QueryResult } from "../query/query-result.ts";
import { runQuery } from "../query/run-query.ts";
import { ApiError } from "./api-error.ts";
import type { ServedData } from "./served-data.ts";

/**
 * The largest query definition read: 256 KiB, far above any real one (a few KB) and small
 * enough that parsing the largest costs a few milliseconds (bench/README.md, abuse).
 */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

const JSON_TYPE = /^application\/(?:[a-z0-9!#$&^_.+-]+\+)?json$/;

function checkContentType(header: string | null): void {
  const type = (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (JSON_TYPE.test(type)) return;
  throw new ApiError(
    415,
    "UNSUPPORTED_MEDIA_TYPE",
    header === null
      ? "the query definition is JSON: send it with content-type: application/json"
      : `content-type: ${quoteForEcho(header)} is not JSON; send application/json`,
    {},
    { "accept-post": "application/json" },
  );
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(
    413,
    "BODY_TOO_LARGE",
    `the query definition is larger than ${maxBytes} bytes`,
    { maxBytes },
    // The rest of the body is never read, so the connection cannot carry another request.
    { connection: "close" },
  );
}

/** The next chunk of a body; a body cut off (the client went away) is the client's error. */
async function readChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]> {
  try {
    return await reader.read();
  } catch {
    throw new ApiError(400, "MALFORMED_REQUEST", "the body ended before it was whole");
  }
}

/** The body's bytes, at most `maxBytes` of them: a longer body is a 413 as soon as it shows. */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (request.body === null) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = request.body.getReader();
  for (let chunk = await readChunk(reader); !chunk.done; chunk = await readChunk(reader)) {
    length += chunk.value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk.value);
  }
  const body = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function parseJson(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError(400, "MALFORMED_JSON", "the query definition is not UTF-8");
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = (error as Error).message.replace(/\s+/g, " ");
    throw new ApiError(400, "MALFORMED_JSON", `the query definition is not JSON: ${reason}`);
  }
}

/**
 * `POST /api/artefacts/{artefact-id}/query` (grammar/language.md 8): the artefact must exist
 * (404), the body be JSON (415, 413, 400 `MALFORMED_JSON`) and a valid query definition (400
 * with the `QueryDefinitionError`'s body, every issue at its JSON Pointer); the answer is
 * `runQuery`'s table over the served artefacts from that artefact.
 */
export async function answerQuery(
  data: ServedData,
  request: Request,
  artefactId: string,
  maxBodyBytes: number,
  budget: ClientBudget,
): Promise<QueryResult> {
  const artefacts = data.resource("artefacts");
  const start = artefacts?.byId.get(artefactId);
  if (!artefacts || !start) {
    throw new ApiError(404, "NOT_FOUND", `no artefact with id ${quoteForEcho(artefactId)}`);
  }
  checkContentType(request.headers.get("content-type"));
  const retryAfter = budget.wait();
  if (retryAfter > 0) throw tooMuchWork(retryAfter);
  const body = await readBody(request, maxBodyBytes);
  // What the body costs is known only once it is done: charged then, waited for next time.
  const started = performance.now();
  try {
    const parsed = safeParseQueryDefinition(parseJson(body));
    if (!parsed.success) {
      const { code, message, ...details } = parsed.error.toJSON();
      throw new ApiError(400, code, message, details);
    }
    const records = artefacts.records as readonly Artefact[];
    return runQuery(parsed.data, records, { artefactId: (start as Artefact).id });
  } finally {
    budget.charge(performance.now() - started);
  }
}

/** One client's share of the server's time (`WorkBudget`), as the query route uses it. */
export interface ClientBudget {
  /** 0 when work may be done for the client, else the seconds it must wait. */
  wait(): number;
  charge(ms: number): void;
}

function tooMuchWork(retryAfter: number): ApiError {
  return new ApiError(
    429,
    "TOO_MANY_QUERIES",
    `this client's query definitions took more of the server's time than its share; retry in ${retryAfter} s`,
    { retryAfter },
    // The body is never read, so the connection cannot carry another request.
    { "retry-after": String(retryAfter), connection: "close" },
  );
}
