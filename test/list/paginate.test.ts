import { describe, expect, it } from "vitest";
import { QueryParameterError } from "../../src/errors/errors.ts";
import { type PageLinks, pageLinks, paginate } from "../../src/list/paginate.ts";

const items = [1, 2, 3, 4, 5, 6, 7];
const hrefs = (links: PageLinks) =>
  Object.fromEntries(Object.entries(links).map(([rel, link]) => [rel, link.href]));
const at = (page: number, size: number) => `/api/artefacts?page=${page}&size=${size}`;

describe("paginate", () => {
  // One row: name, page, size, the items of the page, the links by relation.
  const rows: [string, number, number, number[], Record<string, string>][] = [
    [
      "page 1",
      1,
      3,
      [1, 2, 3],
      { self: at(1, 3), first: at(1, 3), last: at(3, 3), next: at(2, 3) },
    ],
    [
      "a middle page",
      2,
      3,
      [4, 5, 6],
      { self: at(2, 3), first: at(1, 3), last: at(3, 3), previous: at(1, 3), next: at(3, 3) },
    ],
    [
      "the last page, short",
      3,
      3,
      [7],
      { self: at(3, 3), first: at(1, 3), last: at(3, 3), previous: at(2, 3) },
    ],
    [
      "past the end: empty, previous is the last page",
      9,
      3,
      [],
      { self: at(9, 3), first: at(1, 3), last: at(3, 3), previous: at(3, 3) },
    ],
    ["one page holding all", 1, 7, items, { self: at(1, 7), first: at(1, 7), last: at(1, 7) }],
    [
      "a page larger than the list",
      1,
      1000,
      items,
      { self: at(1, 1000), first: at(1, 1000), last: at(1, 1000) },
    ],
    ["size 1", 7, 1, [7], { self: at(7, 1), first: at(1, 1), last: at(7, 1), previous: at(6, 1) }],
  ];

  it.each(rows)("%s", (_name, page, size, expected, links) => {
    const response = paginate(items, { page, size }, "/api/artefacts");
    expect(Object.keys(response)).toEqual(["_links", "artefacts"]);
    expect(response.artefacts).toEqual(expected);
    expect(hrefs(response._links)).toEqual(links);
  });

  it("gives an empty list one empty page", () => {
    const response = paginate([], { page: 1, size: 5 }, "/api/findings");
    expect(response).toEqual({
      _links: {
        self: { href: at(1, 5).replace("artefacts", "findings") },
        first: { href: "/api/findings?page=1&size=5" },
        last: { href: "/api/findings?page=1&size=5" },
      },
      findings: [],
    });
    expect(hrefs(paginate([], { page: 2, size: 5 }, "/api/findings")._links)).toEqual({
      self: "/api/findings?page=2&size=5",
      first: "/api/findings?page=1&size=5",
      last: "/api/findings?page=1&size=5",
      previous: "/api/findings?page=1&size=5",
    });
  });

  it("takes defaults for what the request leaves out, as readListRequest does", () => {
    const many = Array.from({ length: 45 }, (_, i) => i);
    expect(paginate(many, {}, "/p").p).toEqual(many.slice(0, 20));
    expect(paginate(many, { page: 3 }, "/p").p).toEqual(many.slice(40));
    expect(paginate(many, { size: 2 }, "/p").p).toEqual([0, 1]);
    expect(paginate(many, { page: 2 }, "/p", { defaultSize: 10 })._links.self.href).toBe(
      "/p?page=2&size=10",
    );
  });

  it("keeps where and fields as written, in order, and drops every other parameter", () => {
    const self =
      "https://qa.example/api/artefacts?where=name~a%2Bb+c&size=2&x=%zz&page=1&fields=id#frag";
    const at = (page: number) =>
      `https://qa.example/api/artefacts?where=name~a%2Bb+c&size=2&page=${page}&fields=id#frag`;
    expect(hrefs(paginate(items, { page: 2, size: 2 }, self)._links)).toEqual({
      self: at(2),
      first: at(1),
      last: at(4),
      previous: at(1),
      next: at(3),
    });
  });

  it("writes links of the same length however many unknown parameters the URL holds", () => {
    const junk = Array.from({ length: 20_000 }, (_, i) => `x${i}=${i}`).join("&");
    const links = pageLinks(`/a?${junk}&fields=id&where=a%3D1&${junk}`, { page: 2, size: 1 }, 9);
    expect(links.self.href).toBe("/a?fields=id&where=a%3D1&page=2&size=1");
    expect(JSON.stringify(links).length).toBeLessThan(400);
  });

  // One row: self URL, the self link written for page 2 of size 3.
  it.each([
    ["/a", "/a?page=2&size=3"],
    ["/a?", "/a?page=2&size=3"],
    ["/a?where=x%3D1", "/a?where=x%3D1&page=2&size=3"],
    ["/a?size=10&where=x", "/a?size=3&where=x&page=2"],
    ["/a?page=9&where=x&size=10", "/a?page=2&where=x&size=3"],
    ["/a?page=1&page=5&&size=1&size=2", "/a?page=2&size=3"],
    ["/a?%70age=1&pagex=1", "/a?page=2&size=3"],
    ["/a?x=1&where=b&%77here=c&fields=&size=1", "/a?where=b&fields=&size=3&page=2"],
    ["/a?%zz=1&where", "/a?where&page=2&size=3"],
    ["/a?page", "/a?page=2&size=3"],
  ])("writes %s as %s", (self, expected) => {
    expect(pageLinks(self, { page: 2, size: 3 }, 10).self.href).toBe(expected);
  });

  // One row: self URL, options, the resource's name.
  it.each([
    ["/api/artefacts", {}, "artefacts"],
    ["/api/artefacts/", {}, "artefacts"],
    ["https://qa.example/api/projects?where=a%3D1", {}, "projects"],
    ["//qa.example/api/findings#x", {}, "findings"],
    ["findings?x=/y", {}, "findings"],
    ["/api/caf%C3%A9s", {}, "cafés"],
    ["https://qa.example", { resource: "items" }, "items"],
    ["/api/artefacts", { resource: "rows" }, "rows"],
  ])("names the list of %s by its path or the option", (self, options, resource) => {
    expect(Object.keys(paginate([1], {}, self, options))).toEqual(["_links", resource]);
  });

  it.each([
    ["https://qa.example"],
    ["https://qa.example/?page=1"],
    ["?page=1"],
    [""],
    ["/api/%zz"],
    ["/api/_links"],
  ])("needs options.resource when %j names no list", (self) => {
    expect(() => paginate([1], {}, self)).toThrow(TypeError);
  });

  it.each([[""], ["_links"]])("rejects the resource name %j", (resource) => {
    expect(() => paginate([1], {}, "/api/artefacts", { resource })).toThrow(
      'paginate needs a resource name other than "" and "_links", which options.resource does not give',
    );
  });

  it("types the response by the resource's name", () => {
    const response = paginate([{ id: 1 }], { page: 1, size: 1 }, "/x", { resource: "artefacts" });
    const ids: number[] = response.artefacts.map((item) => item.id);
    expect(ids).toEqual([1]);
  });

  // One row: request, maxSize, parameter, code.
  it.each([
    [{ page: 0, size: 1 }, undefined, "page", "INVALID_PAGE"],
    [{ page: -2, size: 1 }, undefined, "page", "INVALID_PAGE"],
    [{ page: 1.5, size: 1 }, undefined, "page", "INVALID_PAGE"],
    [{ page: 2 ** 53, size: 1 }, undefined, "page", "INVALID_PAGE"],
    [{ page: 1, size: 0 }, undefined, "size", "INVALID_SIZE"],
    [{ page: 1, size: Number.POSITIVE_INFINITY }, undefined, "size", "INVALID_SIZE"],
    [{ page: 1, size: 1001 }, undefined, "size", "SIZE_TOO_LARGE"],
    [{ page: 1, size: 11 }, 10, "size", "SIZE_TOO_LARGE"],
  ])("rejects %j (maxSize %s) as readListRequest does", (request, maxSize, parameter, code) => {
    const run = () => paginate(items, request, "/a", { maxSize });
    expect(run).toThrow(QueryParameterError);
    expect(run).toThrow(expect.objectContaining({ parameter, code, offset: 0 }));
  });

  it("has pageLinks check page and size but leave the maximum to the reader", () => {
    expect(pageLinks("/a", { page: 1, size: 5000 }, 3).last.href).toBe("/a?page=1&size=5000");
    expect(() => pageLinks("/a", { page: 0, size: 1 }, 3)).toThrow(
      expect.objectContaining({
        code: "INVALID_PAGE",
        message: "page: pages count from 1, so there is no page 0 at column 1\n  0\n  ^",
      }),
    );
    expect(() => pageLinks("/a", { page: 1, size: 1 }, -1)).toThrow(RangeError);
    expect(() => pageLinks("/a", { page: 1, size: 1 }, 0.5)).toThrow(RangeError);
  });
});
