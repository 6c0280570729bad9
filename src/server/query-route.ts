import { quoteForEcho } from "../http/echo.ts";
import { parseJson } from "../json/parse-json.ts";
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

/** A `Content-Type` cut into its type, lower-cased, and its parameters, names lower-cased. */
function readContentType(header: string): { type: string; parameters: [string, string][] } {
  const [type = "", ...parameters] = header.split(";").map((part) => part.trim());
  return {
    type: type.toLowerCase(),
    parameters: parameters.map((parameter) => {
      const equals = parameter.indexOf("=");
      const value = equals === -1 ? "" : parameter.slice(equals + 1).trim();
      const unquoted = /^".*"$/s.test(value) ? value.slice(1, -1) : value;
      return [
        parameter
          .slice(0, equals === -1 ? undefined : equals)
          .trim()
          .toLowerCase(),
        unquoted,
      ];
    }),
  };
}

/**
 * The body must be sent in one of the API's media types, in UTF-8 (grammar/language.md 6.8):
 * JSON is UTF-8 (RFC 8259 8.1), so `charset=utf-8` is the one parameter taken; a body said to be
 * in another character set, or of another type, is refused rather than misread.
 */
function checkContentType(header: string | null, mediaTypes: readonly string[]): void {
  const accepted = { "accept-post": mediaTypes.join(", ") };
  if (header === null) {
    throw new ApiError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "the query definition is JSON: send it with content-type: application/json",
      {},
      accepted,
    );
  }
  const { type, parameters } = readContentType(header);
  const utf8 = parameters.every(
    ([name, value]) => name === "charset" && value.toLowerCase() === "utf-8",
  );
  if (mediaTypes.includes(type) && utf8) return;
  throw new ApiError(
    415,
    "UNSUPPORTED_MEDIA_TYPE",
    mediaTypes.includes(type)
      ? `content-type: ${quoteForEcho(header)} is not UTF-8 JSON; send application/json, in UTF-8`
      : `content-type: ${quoteForEcho(header)} is not one this route reads; send application/json`,
    {},
    accepted,
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

function parseBody(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError(400, "MALFORMED_JSON", "the query definition is not UTF-8");
  }
  try {
    return parseJson(text);
  } catch (error) {
    const reason = (error as Error).message.replace(/\s+/g, " ");
    throw new ApiError(400, "MALFORMED_JSON", `the query definition is not JSON: ${reason}`);
  }
}

/**
 * `POST /api/artefacts/{artefact-id}/query` (grammar/language.md 8): the artefact must exist
 * (404), the body be JSON (415, 413, 400 `MALFORMED_JSON`) and a valid query definition (400
 * with the `QueryDefinitionError`'s body, every issue at its JSON Pointer); the answer is
 * `runQuery`'s table, from that artefact, over the artefacts the client sees, as it sees them.
 */
export async function answerQuery(
  data: ServedData,
  request: Request,
  artefactId: string,
  body: QueryBodyRules,
): Promise<QueryResult> {
  const artefacts = data.resource("artefacts");
  const start = artefacts?.byId.get(artefactId);
  if (!artefacts || !start) {
    throw new ApiError(404, "NOT_FOUND", `no artefact with id ${quoteForEcho(artefactId)}`);
  }
  checkContentType(request.headers.get("content-type"), body.mediaTypes);
  const bytes = await readBody(request, body.maxBytes);
  const parsed = safeParseQueryDefinition(parseBody(bytes));
  if (!parsed.success) {
    const { code, message, ...details } = parsed.error.toJSON();
    throw new ApiError(400, code, message, details);
  }
  const records = artefacts.records as readonly Artefact[];
  return runQuery(parsed.data, records, { artefactId: (start as Artefact).id });
}

/** What a query's body may be: its media types (the server's own) and its largest size in bytes. */
export interface QueryBodyRules {
  readonly mediaTypes: readonly string[];
  readonly maxBytes: number;
}
