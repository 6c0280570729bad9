import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { createListHandler } from "../../src/http/list-handler.ts";

const source = [{ id: 1 }];

async function* generate() {
  yield { id: 1 };
}

describe("createListHandler's options (grammar/language.md 7.4)", () => {
  // One row: the options, the option the error names, and a piece of its message.
  const rows: [string, unknown, string, RegExp][] = [
    ["no options", undefined, "source", /required/],
    ["not an object", "artefacts", "", /must be an object/],
    ["an unknown option", { source, timezone: "UTC" }, "timezone", /unknown option/],
    ["no source", { schema: { id: "integer" } }, "source", /required/],
    ["a source of the wrong type", { source: "records" }, "source", /an array of records/],
    ["a plain object as source", { source: { id: 1 } }, "source", /found an object/],
    ["a generator object", { source: generate() }, "source", /read only once/],
    ["a stream", { source: new ReadableStream() }, "source", /read only once/],
    ["a schema that is none", { source, schema: { id: "int" } }, "schema", /unknown type/],
    ["a maxSize of 0", { source, maxSize: 0 }, "maxSize", /whole number from 1/],
    ["a maxSize as text", { source, maxSize: "100" }, "maxSize", /found "100"/],
    [
      "a defaultSize over maxSize",
      { source, defaultSize: 30, maxSize: 20 },
      "defaultSize",
      /to maxSize/,
    ],
    ["a fractional defaultSize", { source, defaultSize: 1.5 }, "defaultSize", /found 1.5/],
    ["a vendor with a slash", { source, vendor: "acme/x" }, "vendor", /letters, digits/],
    ["a vendor that is no string", { source, vendor: 1 }, "vendor", /expected a string/],
    [
      "an unknown time zone",
      { source, timeZone: "Mars/Olympus_Mons" },
      "timeZone",
      /unknown time zone/,
    ],
    ["a time zone that is no string", { source, timeZone: 0 }, "timeZone", /expected a string/],
    ["a resource named _links", { source, resource: "_links" }, "resource", /cannot be named/],
    ["an empty resource", { source, resource: "" }, "resource", /cannot be named/],
    [
      "a base URL with a query",
      { source, baseUrl: "https://a.example/?x=1" },
      "baseUrl",
      /no query/,
    ],
    [
      "a base URL of another scheme",
      { source, baseUrl: "ftp://a.example" },
      "baseUrl",
      /http or https/,
    ],
    ["a base URL that is no URL", { source, baseUrl: "api.example.com" }, "baseUrl", /not a URL/],
    ["a base path naming a host", { source, baseUrl: "//evil.example" }, "baseUrl", /names a host/],
    [
      "a base path naming a host with a backslash",
      { source, baseUrl: "/\\evil.example" },
      "baseUrl",
      /names a host/,
    ],
    [
      "a base URL with credentials",
      { source, baseUrl: "https://u:p@a.example" },
      "baseUrl",
      /credentials/,
    ],
    [
      "the limits nested, as before",
      { source, limits: { maxLength: 100 } },
      "limits",
      /unknown option; give maxLength and maxDepth directly among the options/,
    ],
    ["a negative maxLength", { source, maxLength: -1 }, "maxLength", /maxLength/],
    ["a maxDepth past 256", { source, maxDepth: 300 }, "maxDepth", /maxDepth/],
    ["an onError that is no function", { source, onError: "log" }, "onError", /a function/],
  ];

  it.each(rows)("%s", (_, options, option, message) => {
    const error = (() => {
      try {
        createListHandler(options as never);
      } catch (thrown) {
        return thrown;
      }
      throw new Error("accepted");
    })();
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect(error).toMatchObject({ code: "INVALID_OPTION", caller: "createListHandler", option });
    expect((error as Error).message).toMatch(message);
  });

  it("reads only own members, so a polluted prototype adds no option", () => {
    const options = Object.create({ maxSize: 0 }) as Record<string, unknown>;
    options.source = source;
    expect(() => createListHandler(options as never)).not.toThrow();
  });

  it("takes an iterable that starts afresh, and every option at its limit", () => {
    expect(() =>
      createListHandler({
        source: { [Symbol.asyncIterator]: generate },
        schema: { id: "integer" },
        resource: "things",
        defaultSize: 1,
        maxSize: 1,
        vendor: "acme.example-2",
        timeZone: "Europe/Paris",
        baseUrl: "https://api.example.com/",
        maxLength: 0,
        maxDepth: 256,
        onError: () => {},
      }),
    ).not.toThrow();
  });
});
