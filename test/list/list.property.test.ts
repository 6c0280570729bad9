import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fieldsArbitrary,
  fieldsSpellingArbitrary,
  removeSpans,
  whereArbitrary,
  whereSpellingArbitrary,
} from "../../src/arbitraries/index.ts";
import type { FieldsNode } from "../../src/ast/fields.ts";
import type { WhereExpression } from "../../src/ast/where.ts";
import { formatFields } from "../../src/backends/format/format-fields.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { type PageLinks, paginate } from "../../src/list/paginate.ts";
import { decodeQueryComponent } from "../../src/list/percent-decode.ts";
import { encodeQueryComponent } from "../../src/list/percent-encode.ts";
import { buildQueryString } from "../../src/list/query-string.ts";
import { readListRequest } from "../../src/list/read-list-request.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";
import { runs } from "../support/runs.ts";

const pageNumber = fc.integer({ min: 1, max: 1000 });

interface Generated {
  where: WhereExpression | undefined;
  whereText: string | undefined;
  fields: FieldsNode | undefined;
  fieldsText: string | undefined;
  page: number | undefined;
  size: number | undefined;
  asText: boolean;
}

/** A tree and one of its spellings, or neither. */
function spelled<T>(
  trees: fc.Arbitrary<T>,
  spellings: (tree: T) => fc.Arbitrary<string>,
): fc.Arbitrary<{ tree: T | undefined; text: string | undefined }> {
  const both = trees.chain((tree) => spellings(tree).map((text) => ({ tree, text })));
  return fc.option(both, { nil: { tree: undefined, text: undefined } });
}

const requestArbitrary: fc.Arbitrary<Generated> = fc
  .record({
    where: spelled(whereArbitrary(), (ast) => whereSpellingArbitrary(ast)),
    fields: spelled(fieldsArbitrary(), (ast) => fieldsSpellingArbitrary(ast)),
    page: fc.option(pageNumber, { nil: undefined }),
    size: fc.option(pageNumber, { nil: undefined }),
    asText: fc.boolean(),
  })
  .map(({ where, fields, ...rest }) => ({
    where: where.tree,
    whereText: where.text,
    fields: fields.tree,
    fieldsText: fields.text,
    ...rest,
  }));

describe("buildQueryString then readListRequest (round trip)", () => {
  it("gives back the same trees, page and size, from a string, a URL or URLSearchParams", () => {
    fc.assert(
      fc.property(
        requestArbitrary,
        ({ where, whereText, fields, fieldsText, page, size, asText }) => {
          const query = buildQueryString(
            asText
              ? { where: whereText, fields: fieldsText, page, size }
              : { where, fields, page, size },
          );
          const expected = {
            where:
              where && (asText ? parseWhere(whereText as string) : parseWhere(formatWhere(where))),
            fields:
              fields &&
              (asText ? parseFields(fieldsText as string) : parseFields(formatFields(fields))),
            page: page ?? 1,
            size: size ?? 20,
            paginated: page !== undefined || size !== undefined,
          };
          expect(readListRequest(query)).toEqual(expected);
          expect(readListRequest(`https://qa.example/api/x?${query}#f`)).toEqual(expected);
          expect(readListRequest(new URLSearchParams(query))).toEqual(expected);
          if (where) expect(removeSpans(expected.where)).toEqual(removeSpans(where));
          if (fields) expect(formatFields(expected.fields as never)).toBe(formatFields(fields));
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it("writes a ListRequest that reads back as the same request", () => {
    fc.assert(
      fc.property(requestArbitrary, ({ where, fields, page, size }) => {
        const request = readListRequest(buildQueryString({ where, fields, page, size }));
        expect(removeSpans(readListRequest(buildQueryString(request)))).toEqual(
          removeSpans(request),
        );
      }),
      { numRuns: runs(300) },
    );
  });
});

const textUnit = fc.oneof(
  fc.constantFrom(..."aZ09 +%&=;#?/:'!,()*~-._\"\t\r\n", "é", "😀", "\u0000", "\uffff"),
  fc.string({ unit: "binary", maxLength: 2 }),
);
const wellFormed = fc
  .string({ unit: textUnit, maxLength: 12 })
  .filter(
    (text) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text),
  );

/** Raw query components: escapes of any byte (valid or not as UTF-8), broken escapes, text. */
const rawComponent = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, "0")}`),
      fc.integer({ min: 0x80, max: 0xbf }).map((b) => `%${b.toString(16).toUpperCase()}`),
      fc.constantFrom("%", "%4", "%g1", "+", "a", "é", "%E2%82%AC", "%F0%9F%98%80", "%ED%A0%80"),
    ),
    { maxLength: 8 },
  )
  .map((pieces) => pieces.join(""));

/** A deliberately simple reference: the platform's decoder after turning + into spaces. */
function referenceDecode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return undefined;
  }
}

describe("percent-encoding of query components", () => {
  it("decodes exactly what decodeURIComponent decodes, and rejects exactly what it rejects", () => {
    fc.assert(
      fc.property(rawComponent, (raw) => {
        const decoded = decodeQueryComponent(raw);
        const reference = referenceDecode(raw);
        if (typeof decoded === "string") expect(decoded).toBe(reference);
        else {
          expect(reference).toBeUndefined();
          expect(raw[decoded.offset]).toBe("%");
          expect(decoded.offset + decoded.length).toBeLessThanOrEqual(raw.length);
        }
      }),
      { numRuns: runs(3000) },
    );
  });

  it("encodes so that every decoder reads the text back, with no character a server splits on", () => {
    fc.assert(
      fc.property(wellFormed, (text) => {
        const encoded = encodeQueryComponent(text);
        expect(encoded).toMatch(/^[A-Za-z0-9\-._~,()*%]*$/);
        expect(decodeQueryComponent(encoded)).toBe(text);
        expect(decodeURIComponent(encoded)).toBe(text);
        expect(new URLSearchParams(`v=${encoded}`).get("v")).toBe(text);
      }),
      { numRuns: runs(2000) },
    );
  });
});

const pageOf = (href: string | undefined) =>
  href === undefined ? undefined : Number(new URLSearchParams(href.split("?")[1]).get("page"));

describe("paginate over all pages", () => {
  const listArbitrary = fc.record({
    items: fc.array(fc.nat(), { maxLength: 60 }),
    size: fc.integer({ min: 1, max: 12 }),
  });

  it("gives back the items, in order, when the pages are concatenated", () => {
    fc.assert(
      fc.property(listArbitrary, ({ items, size }) => {
        const last = pageOf(paginate(items, { page: 1, size }, "/x")._links.last.href) as number;
        const all: number[] = [];
        for (let page = 1; page <= last; page++)
          all.push(...paginate(items, { page, size }, "/x", { resource: "x" }).x);
        expect(all).toEqual(items);
        expect(paginate(items, { page: last + 1, size }, "/x").x).toEqual([]);
      }),
    );
  });

  it("writes consistent links: first 1, last ceil(n/size) or 1, next iff page < last", () => {
    fc.assert(
      fc.property(listArbitrary, fc.integer({ min: 1, max: 20 }), ({ items, size }, page) => {
        const links: PageLinks = paginate(items, { page, size }, "/x?where=a%3D1")._links;
        const last = Math.max(1, Math.ceil(items.length / size));
        expect(pageOf(links.self.href)).toBe(page);
        expect(pageOf(links.first.href)).toBe(1);
        expect(pageOf(links.last.href)).toBe(last);
        expect(pageOf(links.next?.href)).toBe(page < last ? page + 1 : undefined);
        expect(pageOf(links.previous?.href)).toBe(page > 1 ? Math.min(page - 1, last) : undefined);
        for (const link of Object.values(links)) {
          const params = new URLSearchParams(link.href.split("?")[1]);
          expect([params.get("where"), params.get("size")]).toEqual(["a=1", String(size)]);
        }
      }),
    );
  });
});
