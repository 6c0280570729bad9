import { describe, expect, it } from "vitest";
import { formatFields } from "../../src/backends/format/format-fields.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import {
  type QueryError,
  QueryParameterError,
  QuerySyntaxError,
  QueryValidationError,
} from "../../src/errors/errors.ts";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import {
  type ListRequest,
  type ListRequestError,
  listParametersOf,
  type ReadListRequestOptions,
  type ReadListRequestOptionsWithoutPolicy,
  readListParameters,
  readListRequest,
  safeReadListRequest,
} from "../../src/list/read-list-request.ts";
import { schemas } from "../../src/schema/resources.ts";

/** The request with its trees printed, so rows compare texts. */
function read(
  query: URLSearchParams | string,
  options: ReadListRequestOptionsWithoutPolicy = {},
): Read {
  const request = readListRequest(query, options);
  return {
    where: request.where && formatWhere(request.where),
    fields: request.fields && formatFields(request.fields),
    page: request.page,
    size: request.size,
    paginated: request.paginated,
  };
}

function failure(query: URLSearchParams | string, options: ReadListRequestOptions = {}) {
  const result = safeReadListRequest(query, options);
  if (result.success) throw new Error(`expected ${String(query)} to be rejected`);
  return result.error;
}

interface Read {
  where: string | undefined;
  fields: string | undefined;
  page: number;
  size: number;
  paginated: boolean;
}

const none: Read = { where: undefined, fields: undefined, page: 1, size: 20, paginated: false };

describe("readListRequest: reading (grammar/language.md 6)", () => {
  // One row: query, what is read (unmentioned keys as in `none`).
  const rows: [string, Partial<Read>][] = [
    ["", {}],
    ["?", {}],
    ["where=type.id%3DFOLDER", { where: "type.id=FOLDER" }],
    ["where=type.id=FOLDER", { where: "type.id=FOLDER" }],
    ["?where=a%3D1&fields=id,name", { where: "a=1", fields: "id,name" }],
    // + is a space, %2B a plus, %20 a space
    ["where=a%3D1+AND+b%3D2", { where: "a=1 AND b=2" }],
    ["where=a%3D%2B1", { where: "a=+1" }],
    ["where=a%3D1%20AND%20b%3D2", { where: "a=1 AND b=2" }],
    ["where=name%3D%22x+y%22", { where: 'name="x y"' }],
    // UTF-8 of two, three and four bytes; raw non-ASCII text kept as it is
    ["where=name%3D%C3%A9", { where: "name=é" }],
    ["where=name%3D%E0%A4%95", { where: "name=क" }],
    ["where=name%3D%F0%9F%98%80", { where: "name=😀" }],
    ["where=name=é😀", { where: "name=é😀" }],
    // lower-case escapes, an escaped name
    ["%77here=a%3d1", { where: "a=1" }],
    // whole URLs, fragments
    ["/api/artefacts?where=a%3D1&page=2#top", { where: "a=1", page: 2, paginated: true }],
    ["https://host:8080/api/artefacts?size=5", { size: 5, paginated: true }],
    ["https://host/api/artefacts", {}],
    ["artefacts?page=3", { page: 3, paginated: true }],
    ["where=name~what%3F&page=2", { where: "name~what?", page: 2, paginated: true }],
    ["where=name~what?&page=2", { where: "name~what?", page: 2, paginated: true }],
    ["page=2#where=a%3D1", { page: 2, paginated: true }],
    // empty and blank where / fields are absent
    ["where=&fields=", {}],
    ["where&fields", {}],
    ["where=+%09%0D%0A&fields=%20", {}],
    // page and size
    ["page=3", { page: 3, paginated: true }],
    ["size=7", { size: 7, paginated: true }],
    ["page=1&size=20", { paginated: true }],
    ["page=007&size=0010", { page: 7, size: 10, paginated: true }],
    ["size=1000", { size: 1000, paginated: true }],
    ["page=9007199254740991", { page: 9007199254740991, paginated: true }],
    // unknown parameters, even repeated or badly encoded, are ignored; so are empty pieces
    ["sort=name&sort=id&x=%zz&Page=0&&where=a%3D1&", { where: "a=1" }],
    ["%zz=1&page=2", { page: 2, paginated: true }],
  ];

  it.each(rows)("reads %j", (query, expected) => {
    expect(read(query)).toEqual({ ...none, ...expected });
  });

  it("reads URLSearchParams, which have decoded + and escapes already", () => {
    const params = new URLSearchParams("where=a%3D1+AND+b%3D%2B2&fields=id&page=2&size=5");
    expect(read(params)).toEqual({
      where: "a=1 AND b=+2",
      fields: "id",
      page: 2,
      size: 5,
      paginated: true,
    });
    expect(read(new URLSearchParams({ where: 'name~"a b"', x: "y" }))).toEqual({
      ...none,
      where: 'name~"a b"',
    });
  });

  it("returns the trees with spans in the decoded values", () => {
    const request = readListRequest("where=%20a%3D1&fields=+id");
    expect(request.where?.span).toEqual({ start: 1, end: 4 });
    expect(request.fields?.span).toEqual({ start: 1, end: 3 });
  });

  it("takes defaultSize and maxSize", () => {
    expect(read("", { defaultSize: 50 })).toEqual({ ...none, size: 50 });
    expect(read("page=2", { maxSize: 10 })).toEqual({
      ...none,
      page: 2,
      size: 10,
      paginated: true,
    });
    expect(read("size=10", { maxSize: 10 })).toEqual({ ...none, size: 10, paginated: true });
  });

  // One row: the options, the option the error names, and a piece of its message.
  it.each<[unknown, string, RegExp]>([
    [{ defaultSize: 0 }, "defaultSize", /whole number from 1 to maxSize/],
    [{ defaultSize: 1.5 }, "defaultSize", /whole number/],
    [{ maxSize: 0 }, "maxSize", /whole number from 1/],
    [{ maxSize: Number.NaN }, "maxSize", /whole number from 1/],
    [{ defaultSize: 30, maxSize: 20 }, "defaultSize", /maxSize/],
    [{ maxLength: -1 }, "maxLength", />= 0/],
    [{ maxDepth: 300 }, "maxDepth", /0 to 256/],
    [{ limits: { maxLength: 4 } }, "limits", /give maxLength and maxDepth directly/],
    [{ size: 10 }, "size", /unknown option; expected/],
  ])(
    "rejects the options %j as a programmer's error, before the query",
    (options, option, message) => {
      // A repeated parameter would be the query's first problem: the options come first.
      const thrown = (() => {
        try {
          readListRequest("page=1&page=2", options as ReadListRequestOptions);
        } catch (error) {
          return error;
        }
        throw new Error("accepted");
      })();
      expect(thrown).toBeInstanceOf(InvalidOptionError);
      expect(thrown).toMatchObject({ caller: "readListRequest", option });
      expect((thrown as Error).message).toMatch(message);
    },
  );
});

describe("readListRequest: errors name the parameter and point into its value", () => {
  // One row: query, parameter, code, offset, length, the whole first line of the message.
  const rows: [string, string, string, number, number, string][] = [
    [
      "page=0",
      "page",
      "INVALID_PAGE",
      0,
      1,
      "page: pages count from 1, so there is no page 0 at column 1",
    ],
    [
      "page=-1",
      "page",
      "INVALID_PAGE",
      0,
      2,
      'page: expected a page number (1, 2, 3, …) but found "-1" at column 1',
    ],
    [
      "page=1.5",
      "page",
      "INVALID_PAGE",
      0,
      3,
      'page: expected a page number (1, 2, 3, …) but found "1.5" at column 1',
    ],
    [
      "page=1e3",
      "page",
      "INVALID_PAGE",
      0,
      3,
      'page: expected a page number (1, 2, 3, …) but found "1e3" at column 1',
    ],
    [
      "page=",
      "page",
      "INVALID_PAGE",
      0,
      0,
      "page: expected a page number (1, 2, 3, …) but found nothing at column 1",
    ],
    [
      "page",
      "page",
      "INVALID_PAGE",
      0,
      0,
      "page: expected a page number (1, 2, 3, …) but found nothing at column 1",
    ],
    [
      "page=abc",
      "page",
      "INVALID_PAGE",
      0,
      3,
      'page: expected a page number (1, 2, 3, …) but found "abc" at column 1',
    ],
    [
      "page=+2",
      "page",
      "INVALID_PAGE",
      0,
      2,
      'page: expected a page number (1, 2, 3, …) but found " 2" at column 1',
    ],
    [
      "page=%2B2",
      "page",
      "INVALID_PAGE",
      0,
      2,
      'page: expected a page number (1, 2, 3, …) but found "+2" at column 1',
    ],
    [
      "page=%EF%BC%92",
      "page",
      "INVALID_PAGE",
      0,
      1,
      'page: expected a page number (1, 2, 3, …) but found "２" at column 1',
    ],
    [
      "page=9007199254740992",
      "page",
      "INVALID_PAGE",
      0,
      16,
      "page: 9007199254740992 is too large a page number at column 1",
    ],
    [
      "size=0",
      "size",
      "INVALID_SIZE",
      0,
      1,
      "size: a page holds at least 1 item, so the size cannot be 0 at column 1",
    ],
    [
      "size=-5",
      "size",
      "INVALID_SIZE",
      0,
      2,
      'size: expected a page size (a whole number from 1) but found "-5" at column 1',
    ],
    [
      "size=2.0",
      "size",
      "INVALID_SIZE",
      0,
      3,
      'size: expected a page size (a whole number from 1) but found "2.0" at column 1',
    ],
    [
      "size=",
      "size",
      "INVALID_SIZE",
      0,
      0,
      "size: expected a page size (a whole number from 1) but found nothing at column 1",
    ],
    [
      "size=1001",
      "size",
      "SIZE_TOO_LARGE",
      0,
      4,
      "size: a page holds at most 1000 items, so the size cannot be 1001 at column 1",
    ],
    [
      "size=99999999999999999999",
      "size",
      "SIZE_TOO_LARGE",
      0,
      20,
      "size: a page holds at most 1000 items, so the size cannot be 99999999999999999999 at column 1",
    ],
    [
      "page=1&size=2&page=3",
      "page",
      "REPEATED_PARAMETER",
      0,
      1,
      'page: a second "page" parameter; a request gives each one at most once at column 1',
    ],
    [
      "where=a%3D1&where=",
      "where",
      "REPEATED_PARAMETER",
      0,
      0,
      'where: a second "where" parameter; a request gives each one at most once at column 1',
    ],
    [
      "fields=a&fields=b%2Cc",
      "fields",
      "REPEATED_PARAMETER",
      0,
      3,
      'fields: a second "fields" parameter; a request gives each one at most once at column 1',
    ],
    [
      "size=1&%73ize=%zz",
      "size",
      "REPEATED_PARAMETER",
      0,
      3,
      'size: a second "size" parameter; a request gives each one at most once at column 1',
    ],
    // the first problem in the order of the query
    [
      "size=0&page=0",
      "size",
      "INVALID_SIZE",
      0,
      1,
      "size: a page holds at least 1 item, so the size cannot be 0 at column 1",
    ],
    [
      "page=x&where=%zz",
      "page",
      "INVALID_PAGE",
      0,
      1,
      'page: expected a page number (1, 2, 3, …) but found "x" at column 1',
    ],
    // broken percent-encoding, positioned in the value as sent
    [
      "where=%E0%A4%A",
      "where",
      "MALFORMED_ENCODING",
      6,
      2,
      'where: "%A" is not an escape: "%" must be followed by two hexadecimal digits (write a "%" itself as %25) at column 7',
    ],
    [
      "where=name~%zz",
      "where",
      "MALFORMED_ENCODING",
      5,
      3,
      'where: "%zz" is not an escape: "%" must be followed by two hexadecimal digits (write a "%" itself as %25) at column 6',
    ],
    [
      "where=rate%3D100%",
      "where",
      "MALFORMED_ENCODING",
      10,
      1,
      'where: "%" is not an escape: "%" must be followed by two hexadecimal digits (write a "%" itself as %25) at column 11',
    ],
    [
      "where=a%3D%😀x",
      "where",
      "MALFORMED_ENCODING",
      4,
      4,
      'where: "%😀x" is not an escape: "%" must be followed by two hexadecimal digits (write a "%" itself as %25) at column 5',
    ],
    [
      "where=a%3D%E0%A4",
      "where",
      "MALFORMED_ENCODING",
      4,
      6,
      'where: "%E0%A4" ends before its UTF-8 encoded character does at column 5',
    ],
    [
      "where=a%3D%C3x",
      "where",
      "MALFORMED_ENCODING",
      4,
      3,
      'where: "%C3" ends before its UTF-8 encoded character does at column 5',
    ],
    [
      "where=a%C3%28",
      "where",
      "MALFORMED_ENCODING",
      1,
      6,
      'where: "%C3%28" is not a UTF-8 encoded character at column 2',
    ],
    [
      "fields=%FF",
      "fields",
      "MALFORMED_ENCODING",
      0,
      3,
      'fields: "%FF" does not start a UTF-8 encoded character at column 1',
    ],
    [
      "fields=a%A9",
      "fields",
      "MALFORMED_ENCODING",
      1,
      3,
      'fields: "%A9" does not start a UTF-8 encoded character at column 2',
    ],
    [
      "fields=%C0%AF",
      "fields",
      "MALFORMED_ENCODING",
      0,
      3,
      'fields: "%C0" does not start a UTF-8 encoded character at column 1',
    ],
    [
      "fields=%E0%80%AF",
      "fields",
      "MALFORMED_ENCODING",
      0,
      6,
      'fields: "%E0%80" is not a UTF-8 encoded character at column 1',
    ],
    [
      "fields=%ED%A0%80",
      "fields",
      "MALFORMED_ENCODING",
      0,
      6,
      'fields: "%ED%A0" is not a UTF-8 encoded character at column 1',
    ],
    [
      "fields=%F4%90%80%80",
      "fields",
      "MALFORMED_ENCODING",
      0,
      6,
      'fields: "%F4%90" is not a UTF-8 encoded character at column 1',
    ],
    [
      "page=%zz",
      "page",
      "MALFORMED_ENCODING",
      0,
      3,
      'page: "%zz" is not an escape: "%" must be followed by two hexadecimal digits (write a "%" itself as %25) at column 1',
    ],
    // syntax errors of the languages, at offsets in the decoded value
    [
      "where=rank%3E%3D",
      "where",
      "UNEXPECTED_END",
      6,
      0,
      'where: expected a value after ">=" at column 7',
    ],
    [
      "where=name%3D%C3%A9+x",
      "where",
      "UNEXPECTED_TOKEN",
      7,
      1,
      'where: expected AND, OR or the end of the filter after "é" but found "x" at column 8',
    ],
    [
      "where=name%3D%F0%9F%98%80+x",
      "where",
      "UNEXPECTED_TOKEN",
      8,
      1,
      'where: expected AND, OR or the end of the filter after "😀" but found "x" at column 9',
    ],
    [
      "where=a%3D1%0Aor+(",
      "where",
      "UNEXPECTED_END",
      8,
      0,
      'where: expected a field name or "(" after "(" at line 2, column 5',
    ],
    [
      "fields=a(b",
      "fields",
      "UNEXPECTED_END",
      3,
      0,
      'fields: expected ",", "(" or ")" after "b" at column 4',
    ],
    [
      "fields=_links.self",
      "fields",
      "LINKS_SUBSELECTION",
      7,
      4,
      'fields: nothing can be selected inside "_links", which is always kept whole at column 8',
    ],
  ];

  it.each(rows)("%s: %s %s at %i+%i", (query, parameter, code, offset, length, message) => {
    const error = failure(query);
    expect(error).toMatchObject({ parameter, code, offset, length });
    expect(error.message.split("\n")[0]).toBe(message);
  });

  it("is a QueryParameterError with the value and a caret under it", () => {
    const error = failure("size=5000");
    expect(error).toBeInstanceOf(QueryParameterError);
    expect(error).toMatchObject({ name: "QueryParameterError", input: "5000", line: 1, column: 1 });
    expect(error.message).toBe(
      "size: a page holds at most 1000 items, so the size cannot be 5000 at column 1\n  5000\n  ^^^^",
    );
  });

  it("shows a broken escape in the value as sent, and a syntax error in the decoded value", () => {
    expect(failure("where=a%3D%E0%A4").message).toBe(
      'where: "%E0%A4" ends before its UTF-8 encoded character does at column 5\n  a%3D%E0%A4\n      ^^^^^^',
    );
    const syntax = failure("where=rank%3E%3D");
    expect(syntax).toBeInstanceOf(QuerySyntaxError);
    expect(syntax.input).toBe("rank>=");
    expect(syntax.message).toBe(
      'where: expected a value after ">=" at column 7\n  rank>=\n        ^',
    );
  });

  it("honours maxSize and the parse limits", () => {
    expect(failure("size=11", { maxSize: 10 })).toMatchObject({
      code: "SIZE_TOO_LARGE",
      length: 2,
    });
    expect(failure("where=a%3D12345", { maxLength: 4 })).toMatchObject({
      parameter: "where",
      code: "INPUT_TOO_LONG",
      offset: 4,
      length: 3,
    });
    expect(failure("fields=a(b(c))", { maxDepth: 1 })).toMatchObject({
      parameter: "fields",
      code: "NESTING_TOO_DEEP",
    });
  });

  it("validates where and fields against a schema", () => {
    const where = failure("where=rank%3E%3Dhigh+AND+nope%3D1", { schema: schemas.artefact });
    expect(where).toBeInstanceOf(QueryValidationError);
    expect(where).toMatchObject({
      parameter: "where",
      code: "INVALID_VALUE",
      offset: 6,
      length: 4,
    });
    expect(
      (where as QueryValidationError).issues.map((issue) => [issue.code, issue.offset]),
    ).toEqual([
      ["INVALID_VALUE", 6],
      ["UNKNOWN_FIELD", 15],
    ]);
    const fields = failure("fields=id,type(id),colour", { schema: schemas.artefact });
    expect(fields).toBeInstanceOf(QueryValidationError);
    expect(fields).toMatchObject({
      parameter: "fields",
      code: "UNKNOWN_FIELD",
      offset: 12,
      length: 6,
    });
    expect(read("where=rank%3E%3D2&fields=id,type.id", { schema: schemas.artefact })).toMatchObject(
      {
        where: "rank>=2",
        fields: "id,type.id",
      },
    );
  });

  it("checks repeats in URLSearchParams too, and cannot see their broken escapes", () => {
    const params = new URLSearchParams([
      ["page", "2"],
      ["page", "3"],
    ]);
    expect(failure(params)).toMatchObject({ code: "REPEATED_PARAMETER", input: "3" });
    // URLSearchParams keeps "%zz" as text, so the where parser sees a "%".
    expect(failure(new URLSearchParams("where=%zz"))).toMatchObject({
      code: "UNEXPECTED_TOKEN",
      offset: 0,
      input: "%zz",
    });
  });

  it("throws what safeReadListRequest returns", () => {
    let thrown: unknown;
    try {
      readListRequest("page=0");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(QueryParameterError);
    const returned: ListRequestError = failure("page=0");
    expect(returned.message).toBe((thrown as Error).message);
    expect(safeReadListRequest("page=2")).toEqual({
      success: true,
      data: { where: undefined, fields: undefined, page: 2, size: 20, paginated: true },
    });
  });
});

describe("readListParameters: the parameters listParametersOf decoded, read as readListRequest reads them", () => {
  /** What reading gives, the request or the error's class and JSON, so two readings compare. */
  function outcome(read: () => ListRequest): unknown {
    try {
      return { request: read() };
    } catch (error) {
      return { error: (error as Error).constructor.name, json: (error as QueryError).toJSON() };
    }
  }

  // One row: a query string listParametersOf decodes, and the options it is read with.
  const rows: [string, ReadListRequestOptions][] = [
    ["", {}],
    ["?where=a%3D1+AND+b%3D%2B2&fields=id,name&page=2&size=5&other=%zz", {}],
    ["where=+&fields=%20", {}],
    ["size=0&where=(", {}],
    ["where=(&size=0", {}],
    ["page=3&fields=a(", { maxSize: 10 }],
    ["size=11", { maxSize: 10 }],
    ["size=7", { defaultSize: 7 }],
    ["where=a%3D12345", { maxLength: 4 }],
    ["fields=a(b(c))", { maxDepth: 1 }],
    ["where=rank%3E%3Dhigh+AND+nope%3D1", { schema: schemas.artefact }],
    ["fields=id,type(id),colour&where=rank%3E%3D2", { schema: schemas.artefact }],
  ];

  it.each(rows)("%s", (query, options) => {
    const parameters = listParametersOf(query);
    if (parameters === undefined) throw new Error(`expected ${query} to be decoded`);
    const expected = outcome(() => readListRequest(query, options));
    expect(outcome(() => readListParameters(parameters, options))).toEqual(expected);
  });

  it("checks its options as readListRequest does", () => {
    expect(() => readListParameters({}, { size: 3 } as never)).toThrow(
      /readListRequest: option size: unknown option/,
    );
  });
});
