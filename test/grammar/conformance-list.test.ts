import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatFields } from "../../src/backends/format/format-fields.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import type { ParseLimits } from "../../src/base/limits.ts";
import { QueryError } from "../../src/errors/errors.ts";
import type { PageSizeOptions } from "../../src/list/page-size.ts";
import { type PageLinks, pageLinks, paginate } from "../../src/list/paginate.ts";
import { buildQueryString } from "../../src/list/query-string.ts";
import { type ListRequestError, readListRequest } from "../../src/list/read-list-request.ts";
import { defineSchema, type SchemaShape } from "../../src/schema/schema.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";

// grammar/conformance/list.json: reading list requests, writing query strings, and pages with
// their _links (grammar/language.md 6 and grammar/list-requests.md).

const FILE = join(import.meta.dirname, "..", "..", "grammar", "conformance", "list.json");

interface ExpectedError {
  readonly parameter: string;
  readonly code: string;
  readonly offset: number;
  readonly length?: number;
}

interface ReadVector {
  readonly query: string;
  readonly options?: PageSizeOptions & ParseLimits & { readonly schema?: string };
  readonly where?: string | null;
  readonly fields?: string | null;
  readonly page?: number;
  readonly size?: number;
  readonly paginated?: boolean;
  readonly error?: ExpectedError;
  readonly section: string;
}

interface BuildVector {
  readonly input: {
    readonly where?: string;
    readonly fields?: string;
    readonly page?: number;
    readonly size?: number;
    readonly paginated?: boolean;
  };
  readonly parsed?: boolean;
  readonly query?: string;
  readonly error?: ExpectedError;
  readonly section: string;
}

interface PaginateVector {
  readonly total: number;
  readonly request: { readonly page?: number; readonly size?: number };
  readonly options?: PageSizeOptions;
  readonly selfUrl: string;
  readonly resource?: string;
  readonly links?: Readonly<Record<string, string>>;
  readonly items?: readonly number[];
  readonly error?: ExpectedError;
  readonly section: string;
}

interface ListFile {
  readonly language: string;
  readonly schemas: Readonly<Record<string, { readonly [field: string]: SchemaShape }>>;
  readonly read: readonly ReadVector[];
  readonly build: readonly BuildVector[];
  readonly paginate: readonly PaginateVector[];
}

const file = JSON.parse(readFileSync(FILE, "utf8")) as ListFile;
const schemaOf = (name: string | undefined) => {
  const shape = name === undefined ? undefined : file.schemas[name];
  return shape === undefined ? undefined : defineSchema(shape);
};

/** Runs `run`, expecting a QueryError whose fields equal those of `expected` (length only when given). */
function expectError(run: () => unknown, expected: ExpectedError): void {
  let thrown: unknown;
  try {
    run();
  } catch (caught) {
    thrown = caught;
  }
  expect(thrown).toBeInstanceOf(QueryError);
  const error = thrown as ListRequestError;
  const picked = Object.fromEntries(
    Object.keys(expected).map((key) => [key, error[key as keyof ExpectedError]]),
  );
  expect(picked).toEqual(expected);
}

const hrefs = (links: PageLinks) =>
  Object.fromEntries(Object.entries(links).map(([rel, link]) => [rel, link.href]));
const isText = (value: unknown) => typeof value === "string" && value !== "";
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

function expectErrorShape(error: ExpectedError, label: string): void {
  expect(["where", "fields", "page", "size"], label).toContain(error.parameter);
  expect(isText(error.code) && isCount(error.offset), label).toBe(true);
  if (error.length !== undefined) expect(isCount(error.length), label).toBe(true);
}

describe("grammar/conformance/list.json: the file", () => {
  it("is a file of list-request vectors with the three kinds", () => {
    expect(file.language).toBe("list");
    expect(file.read.length).toBeGreaterThanOrEqual(30);
    expect(file.build.length).toBeGreaterThanOrEqual(15);
    expect(file.paginate.length).toBeGreaterThanOrEqual(15);
    for (const kind of [file.read, file.build, file.paginate]) {
      expect(kind.some((v) => v.error)).toBe(true);
      expect(kind.some((v) => !v.error)).toBe(true);
    }
  });

  it("has read vectors with a query and either the request or an error", () => {
    for (const v of file.read) {
      expect(typeof v.query, v.query).toBe("string");
      expect(isText(v.section), v.query).toBe(true);
      if (v.options?.schema !== undefined)
        expect(Object.keys(file.schemas)).toContain(v.options.schema);
      if (v.error) {
        expectErrorShape(v.error, v.query);
        continue;
      }
      for (const key of ["where", "fields"] as const)
        expect(v[key] === null || typeof v[key] === "string", `${v.query}: ${key}`).toBe(true);
      expect(isCount(v.page) && isCount(v.size), v.query).toBe(true);
      expect(typeof v.paginated, v.query).toBe("boolean");
    }
  });

  it("has build vectors with an input and either the query string or an error", () => {
    for (const v of file.build) {
      const label = JSON.stringify(v.input);
      expect(typeof v.input, label).toBe("object");
      expect(isText(v.section), label).toBe(true);
      expect((v.query === undefined) !== (v.error === undefined), label).toBe(true);
      if (v.query !== undefined) expect(typeof v.query, label).toBe("string");
      if (v.error) expectErrorShape(v.error, label);
    }
  });

  it("has paginate vectors with links and items, or an error", () => {
    for (const v of file.paginate) {
      expect(isCount(v.total) && isText(v.selfUrl) && isText(v.section), v.selfUrl).toBe(true);
      expect(typeof v.request, v.selfUrl).toBe("object");
      if (v.error) {
        expectErrorShape(v.error, v.selfUrl);
        continue;
      }
      expect(isText(v.resource), v.selfUrl).toBe(true);
      for (const rel of ["self", "first", "last"]) expect(isText(v.links?.[rel]), rel).toBe(true);
      expect(v.items?.every(isCount), v.selfUrl).toBe(true);
    }
  });
});

describe("grammar/conformance/list.json: qaql passes every vector", () => {
  const ran = new Set<object>();

  it.each(file.read.map((v) => [`read ${JSON.stringify(v.query).slice(0, 80)}`, v] as const))(
    "%s",
    (_, v) => {
      const { schema, ...options } = v.options ?? {};
      const read = () => readListRequest(v.query, { ...options, schema: schemaOf(schema) });
      if (v.error) {
        expectError(read, v.error);
      } else {
        const request = read();
        expect({
          where: request.where ? formatWhere(request.where) : null,
          fields: request.fields ? formatFields(request.fields) : null,
          page: request.page,
          size: request.size,
          paginated: request.paginated,
        }).toEqual({
          where: v.where,
          fields: v.fields,
          page: v.page,
          size: v.size,
          paginated: v.paginated,
        });
      }
      ran.add(v);
    },
  );

  it.each(file.build.map((v) => [`build ${JSON.stringify(v.input).slice(0, 80)}`, v] as const))(
    "%s",
    (_, v) => {
      const { where, fields } = v.input;
      // With `parsed`, the texts are given as trees, which are written in canonical form.
      const input = v.parsed
        ? {
            ...v.input,
            where: where === undefined ? undefined : parseWhere(where),
            fields: fields === undefined ? undefined : parseFields(fields),
          }
        : v.input;
      if (v.error) expectError(() => buildQueryString(input), v.error);
      else expect(buildQueryString(input)).toBe(v.query);
      ran.add(v);
    },
  );

  it.each(
    file.paginate.map(
      (v) => [`paginate ${v.total} ${JSON.stringify(v.request)} ${v.selfUrl}`, v] as const,
    ),
  )("%s", (_, v) => {
    const items = Array.from({ length: v.total }, (_item, i) => i);
    const cut = () => paginate(items, v.request, v.selfUrl, v.options ?? {});
    if (v.error) {
      expectError(cut, v.error);
    } else {
      const response = cut();
      expect(Object.keys(response)).toEqual(["_links", v.resource]);
      expect(hrefs(response._links)).toEqual(v.links);
      expect(response[v.resource as string]).toEqual(v.items);
      const { page, size } = v.request;
      // pageLinks writes the same links for a complete request.
      if (page !== undefined && size !== undefined)
        expect(hrefs(pageLinks(v.selfUrl, { page, size }, v.total))).toEqual(v.links);
    }
    ran.add(v);
  });

  it("ran every vector", () => {
    expect(ran.size).toBe(file.read.length + file.build.length + file.paginate.length);
  });
});
