import { describe, expect, it } from "vitest";
import {
  negotiateMediaType,
  parseAccept,
  supportedMediaTypes,
} from "../../src/http/media-types.ts";

const V2 = "application/vnd.qaql.app-v2+json";
const LATEST = "application/vnd.qaql.app-latest+json";
const JSON_TYPE = "application/json";

describe("negotiateMediaType", () => {
  const supported = supportedMediaTypes("qaql");

  // One row: the Accept header (undefined: absent), the type answered (undefined: 406).
  const rows: [string | undefined, string | undefined][] = [
    [undefined, JSON_TYPE],
    ["", JSON_TYPE],
    ["  ", JSON_TYPE],
    ["*/*", JSON_TYPE],
    ["application/*", JSON_TYPE],
    ["application/json", JSON_TYPE],
    [V2, V2],
    [LATEST, LATEST],
    ["APPLICATION/VND.QAQL.APP-V2+JSON", V2],
    ["application/vnd.qaql.app-v1+json", undefined],
    ["application/vnd.other.app-v2+json", undefined],
    ["text/html", undefined],
    ["json", undefined],
    ["garbage, also garbage", undefined],
    ["text/html, */*;q=0.1", JSON_TYPE],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", JSON_TYPE],
    [`application/json;q=0.5, ${V2}`, V2],
    [`${V2};q=0.5, application/json`, JSON_TYPE],
    [`${V2}, application/json`, V2],
    [`application/json, ${V2}`, JSON_TYPE],
    [`${LATEST}, ${V2}`, LATEST],
    [`application/*, ${V2}`, V2],
    ["*/*, application/json;q=0", V2],
    [`*/*, application/json;q=0, ${V2};q=0`, LATEST],
    ["application/json;q=0", undefined],
    ["application/json;q=0.000", undefined],
    ["application/json;q=0.001", JSON_TYPE],
    ["application/json;q=1.000", JSON_TYPE],
    ["application/json;q=2", undefined],
    ["application/json;q=0.5555", undefined],
    ["application/json;q=", undefined],
    ["application/json; charset=utf-8", JSON_TYPE],
    ['application/json; charset="UTF-8"', JSON_TYPE],
    ["application/json; charset=latin1", undefined],
    ["application/json; version=2", undefined],
    ["application/json; q=0.5; ext=1", JSON_TYPE],
    ["*/json", undefined],
    ['text/plain; x="a,b", application/json', JSON_TYPE],
    ['text/plain; x="a\\",b", application/json', JSON_TYPE],
    [",, application/json ,", JSON_TYPE],
    ["application/json;q=0, application/*;q=0.3", V2],
  ];

  it.each(rows)("Accept %j -> %s", (header, expected) => {
    expect(negotiateMediaType(header, supported)).toBe(expected);
  });

  it("uses the vendor given", () => {
    const acme = supportedMediaTypes("Acme");
    expect(acme).toEqual([
      "application/vnd.acme.app-v2+json",
      "application/vnd.acme.app-latest+json",
      JSON_TYPE,
    ]);
    expect(negotiateMediaType("application/vnd.acme.app-latest+json", acme)).toBe(acme[1]);
    expect(negotiateMediaType(V2, acme)).toBeUndefined();
  });
});

describe("parseAccept", () => {
  it("reads ranges, parameters and weights, skipping what is not a media range", () => {
    expect(parseAccept('text/html;level="1";q=0.5;ext, nope, */*')).toEqual([
      {
        type: "text",
        subtype: "html",
        parameters: new Map([["level", "1"]]),
        q: 0.5,
        index: 0,
      },
      { type: "*", subtype: "*", parameters: new Map(), q: 1, index: 1 },
    ]);
  });
});
