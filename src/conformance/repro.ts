// A disagreement written for the team whose server it is: a `curl` line that repeats the
// request, and a vector in the format of grammar/conformance/evaluation.json that their own
// tests can run without a server.
import { pageLinks } from "../list/paginate.ts";
import type { FieldType, Schema, SchemaShape } from "../schema/schema.ts";

/** A string as one POSIX shell word. */
const shellWord = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The request as a `curl` command; credentials are left as `$QAQL_TOKEN` and `$QAQL_BASIC`, so
 * that a report can be shared without them.
 */
export function curlLine(
  url: string,
  headers: Readonly<Record<string, string>>,
  method = "GET",
): string {
  const parts = ["curl", "--globoff", "-sS"];
  if (method !== "GET") parts.push("-X", method);
  for (const [name, value] of Object.entries(headers)) {
    if (name === "accept") continue;
    if (name === "authorization") {
      const scheme = /^\S+/.exec(value)?.[0] ?? "";
      const secret = { bearer: "$QAQL_TOKEN", basic: "$QAQL_BASIC" }[scheme.toLowerCase()];
      // Double quotes, so that the shell puts the secret in.
      parts.push(
        "-H",
        secret ? `"authorization: ${scheme} ${secret}"` : shellWord(`${name}: ${value}`),
      );
    } else {
      parts.push("-H", shellWord(`${name}: ${value}`));
    }
  }
  parts.push(shellWord(url));
  return parts.join(" ");
}

function shapeOf(type: FieldType): SchemaShape {
  if (type.kind === "object") {
    if (type.fields === null) return "object";
    return Object.fromEntries(
      Object.entries(type.fields).map(([name, inner]) => [name, shapeOf(inner)]),
    );
  }
  if (type.kind === "array") return type.items === null ? "array" : [shapeOf(type.items)];
  return type.kind;
}

/** A schema in the notation of grammar/language.md 4.1. */
export function schemaNotation(schema: Schema): SchemaShape {
  return shapeOf(schema);
}

/** An evaluation vector file of one case (grammar/conformance/README.md, Evaluation vectors). */
export interface EvaluationVector {
  readonly description: string;
  readonly language: "where";
  readonly target: "evaluation";
  readonly schemas: Readonly<Record<string, SchemaShape>>;
  readonly datasets: Readonly<Record<string, readonly object[]>>;
  readonly cases: readonly {
    readonly data: string;
    readonly schema: string;
    readonly timeZone?: string;
    readonly where: string;
    readonly ids: readonly number[];
    readonly section: string;
    readonly note: string;
  }[];
}

const MOST_RECORDS = 12;

/**
 * The filter of a disagreement as an evaluation vector: the records the two answers' pages
 * differ on and a few both hold, with the ids the reference filter keeps of them; undefined when
 * the records have no integer ids, which the format requires.
 */
export function evaluationVector(options: {
  readonly resource: string;
  readonly schema: Schema;
  readonly where: string;
  readonly timeZone: string | undefined;
  readonly records: readonly Record<string, unknown>[];
  readonly expectedIds: readonly unknown[];
  readonly receivedIds: readonly unknown[];
  /** The reference filter, which gives the case's ids over its own data set. */
  readonly keeps: (record: object) => boolean;
  readonly server: string;
}): EvaluationVector | undefined {
  const { records, expectedIds, receivedIds } = options;
  if (!records.every((record) => Number.isSafeInteger(record.id))) return undefined;
  const expected = new Set(expectedIds);
  const received = new Set(receivedIds);
  const differing = records.filter((r) => expected.has(r.id) !== received.has(r.id));
  const agreeing = records.filter((r) => expected.has(r.id) && received.has(r.id));
  const kept = new Set([...differing.slice(0, MOST_RECORDS - 2), ...agreeing.slice(0, 2)]);
  const dataset = records.filter((record) => kept.has(record));
  const schemaName = options.resource.replace(/s$/, "") || "record";
  return {
    description: `A disagreement found by qaql conformance against ${options.server}: the records the server's answer and the reference's differ on, and ${Math.min(agreeing.length, 2)} both keep.`,
    language: "where",
    target: "evaluation",
    schemas: { [schemaName]: schemaNotation(options.schema) },
    datasets: { [options.resource]: dataset },
    cases: [
      {
        data: options.resource,
        schema: schemaName,
        ...(options.timeZone !== undefined && { timeZone: options.timeZone }),
        where: options.where,
        ids: dataset.filter(options.keeps).map((record) => record.id as number),
        section: "2.4",
        note: `the server kept ids ${JSON.stringify(dataset.filter((r) => received.has(r.id)).map((r) => r.id))}`,
      },
    ],
  };
}

/** A list-request vector file of one vector (grammar/conformance/README.md, List-request vectors). */
export interface ListVector {
  readonly description: string;
  readonly language: "list";
  readonly schemas?: Readonly<Record<string, SchemaShape>>;
  readonly read?: readonly object[];
  readonly paginate?: readonly object[];
}

/** The URL's path and query, which a vector's links are made relative from. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * A page cut wrongly, as a `paginate` vector: the page of the reference's `total` matches, its
 * links made from the request's path, and the indexes of the items it holds.
 */
export function paginateVector(options: {
  readonly request: string;
  readonly page: number | undefined;
  readonly size: number | undefined;
  readonly defaultSize: number;
  readonly maxSize: number;
  readonly total: number;
  readonly resource: string;
  readonly server: string;
}): ListVector {
  const { page = 1, total } = options;
  const size = options.size ?? options.defaultSize;
  const selfUrl = pathOf(options.request);
  const links = pageLinks(selfUrl, { page, size }, total);
  const first = Math.min((page - 1) * size, total);
  return {
    description: `A disagreement found by qaql conformance against ${options.server}: the page of the list of the request's matches.`,
    language: "list",
    paginate: [
      {
        total,
        request: {
          ...(options.page !== undefined && { page }),
          ...(options.size !== undefined && { size }),
        },
        options: { defaultSize: options.defaultSize, maxSize: options.maxSize },
        selfUrl,
        resource: options.resource,
        links: Object.fromEntries(Object.entries(links).map(([name, link]) => [name, link.href])),
        items: Array.from({ length: Math.min(size, total - first) }, (_, i) => first + i),
        section: "6.4",
      },
    ],
  };
}

/** An invalid request answered otherwise, as a `read` vector with the error it must raise. */
export function readVector(options: {
  readonly query: string;
  readonly resource: string;
  readonly schema: Schema;
  readonly defaultSize: number;
  readonly maxSize: number;
  readonly error: { readonly parameter: string; readonly code: string; readonly offset: number };
  readonly server: string;
}): ListVector {
  const schemaName = options.resource.replace(/s$/, "") || "record";
  return {
    description: `A disagreement found by qaql conformance against ${options.server}: a request the server must refuse.`,
    language: "list",
    schemas: { [schemaName]: schemaNotation(options.schema) },
    read: [
      {
        query: options.query,
        options: {
          defaultSize: options.defaultSize,
          maxSize: options.maxSize,
          schema: schemaName,
        },
        error: options.error,
        section: "6.3",
      },
    ],
  };
}
