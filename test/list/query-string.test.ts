import { describe, expect, it } from "vitest";
import { and, comparison, inList, nullCheck, pattern } from "../../src/ast/where.ts";
import { QueryParameterError } from "../../src/errors/errors.ts";
import { buildQueryString, type ListRequestInput } from "../../src/list/query-string.ts";
import { readListRequest } from "../../src/list/read-list-request.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";

describe("buildQueryString", () => {
  // One row: request, the exact query string.
  const rows: [string, ListRequestInput, string][] = [
    ["nothing", {}, ""],
    [
      "a text as given",
      { where: "type.id=FOLDER  and rank>=2" },
      "where=type.id%3DFOLDER%20%20and%20rank%3E%3D2",
    ],
    [
      "a tree in canonical form",
      { where: and(comparison("type.id", "=", "FOLDER"), nullCheck("owner", true)) },
      "where=type.id%3DFOLDER%20AND%20owner%20IS%20NOT%20NULL",
    ],
    [
      "fields kept readable",
      { fields: "id,status(id,name),level.id" },
      "fields=id,status(id,name),level.id",
    ],
    ["a fields tree", { fields: parseFields("a.b,a.c") }, "fields=a(b,c)"],
    ["a merged fields tree", { fields: [{ name: "x", children: null }] }, "fields=x"],
    [
      "all four in order",
      { size: 10, page: 2, fields: "id", where: "a=1" },
      "where=a%3D1&fields=id&page=2&size=10",
    ],
    ["page only", { page: 3 }, "page=3"],
    [
      "reserved and special characters",
      { where: pattern("name", "contains", "a+b&c=d;e#f%g?h/i:j'k!l") },
      "where=name~a%2Bb%26c%3Dd%3Be%23f%25g%3Fh%2Fi%3Aj%27k%21l",
    ],
    ["unreserved and kept marks", { where: "a~x-y_z.~*(1,2)" }, "where=a~x-y_z.~*(1,2)"],
    [
      "UTF-8, astral included",
      { where: comparison("name", "=", "é😀") },
      "where=name%3D%C3%A9%F0%9F%98%80",
    ],
    [
      "line breaks and tabs",
      { where: inList("a", ["x\r\ny", "\t"]) },
      "where=a%20IN%20(%22x%0D%0Ay%22,%22%09%22)",
    ],
    [
      "an unpaginated ListRequest leaves page and size out",
      { where: "a=1", page: 1, size: 20, paginated: false },
      "where=a%3D1",
    ],
    [
      "undefined leaves a parameter out",
      { where: undefined, fields: undefined, page: 1, size: 5 },
      "page=1&size=5",
    ],
    ["an empty text is written", { where: "" }, "where="],
  ];

  it.each(rows)("writes %s", (_name, request, expected) => {
    expect(buildQueryString(request)).toBe(expected);
  });

  it("writes what URLSearchParams, decodeURIComponent and readListRequest read back exactly", () => {
    const where = 'name~"+ %2B & = ; # ? é 😀 "" \t"';
    const query = buildQueryString({ where, fields: "a(b,c)" });
    expect(new URLSearchParams(query).get("where")).toBe(where);
    expect(decodeURIComponent((query.split("&")[0] as string).slice("where=".length))).toBe(where);
    expect(query.split(/[&;]/)).toHaveLength(2);
    expect(query.split("=")).toHaveLength(3);
    expect(readListRequest(query).where).toEqual(
      readListRequest(new URLSearchParams({ where })).where,
    );
  });

  it.each([
    [{ page: 0 }, "page", "INVALID_PAGE"],
    [{ page: -1 }, "page", "INVALID_PAGE"],
    [{ size: 1.5 }, "size", "INVALID_SIZE"],
    [{ size: Number.NaN }, "size", "INVALID_SIZE"],
  ])("rejects %j as readListRequest would", (request, parameter, code) => {
    expect(() => buildQueryString(request)).toThrow(QueryParameterError);
    expect(() => buildQueryString(request)).toThrow(expect.objectContaining({ parameter, code }));
  });

  it("rejects a lone surrogate, which UTF-8 cannot carry, at its position", () => {
    const error = (() => {
      try {
        buildQueryString({ fields: "a,b\uD800" });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(QueryParameterError);
    expect(error).toMatchObject({
      parameter: "fields",
      code: "LONE_SURROGATE",
      offset: 3,
      length: 1,
    });
    expect(buildQueryString({ where: "a=\uD83D\uDE00" })).toBe("where=a%3D%F0%9F%98%80");
  });
});
