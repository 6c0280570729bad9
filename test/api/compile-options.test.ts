import { describe, expect, it } from "vitest";
import { compileFields, compileListFields } from "../../src/api/compile-fields.ts";
import { compileWhere } from "../../src/api/compile-where.ts";
import { toSql } from "../../src/api/to-sql.ts";
import { filterDump } from "../../src/dump/filter-dump.ts";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";

// compileWhere and filterDump read their compile options through one reader, so the same bad
// option is the same error from either front door.
describe("the compile options of compileWhere and filterDump", () => {
  const bad: readonly (readonly [string, Record<string, unknown>])[] = [
    ["maxLength", { maxLength: -1 }],
    ["maxDepth", { maxDepth: 1000 }],
    ["timeZone", { timeZone: 7 }],
    ["codeGeneration", { codeGeneration: "sometimes" }],
    ["schema", { schema: { rank: "numeral" } }],
  ];
  it.each(bad)("name %s alike", (option, options) => {
    const errors = [
      () => compileWhere("rank>1", options),
      () => filterDump(new Blob(["[]"]).stream(), { where: "rank>1", ...options }),
    ].map((call) => {
      try {
        call();
      } catch (error) {
        return error;
      }
      return undefined;
    });
    for (const error of errors) expect(error).toBeInstanceOf(Error);
    const [fromCompile, fromDump] = errors as Error[];
    if (option !== "schema") expect(fromCompile).toBeInstanceOf(InvalidOptionError);
    if (fromCompile instanceof InvalidOptionError) {
      expect(fromCompile.option).toBe(option);
      expect(fromDump).toBeInstanceOf(InvalidOptionError);
      expect((fromDump as InvalidOptionError).option).toBe(option);
    } else {
      expect(fromDump?.name).toBe(fromCompile?.name);
    }
  });
});

// An option a function does not know is a mistake the caller must hear of, never one ignored.
describe("every front door refuses an option it does not know", () => {
  const schema = { rank: "number" } as const;
  it.each([
    ["compileWhere", () => compileWhere("rank>1", { timezone: "UTC" } as never), "timezone"],
    ["compileFields", () => compileFields("rank", { shema: schema } as never), "shema"],
    ["compileListFields", () => compileListFields("rank", { maxdepth: 2 } as never), "maxdepth"],
    [
      "toSql",
      () => toSql("rank>1", { dialect: "sqlite", schema, timezone: "UTC" } as never),
      "timezone",
    ],
  ])("%s", (caller, call, option) => {
    expect(call).toThrow(InvalidOptionError);
    expect(call).toThrow(`${caller}: option ${option}: unknown option`);
  });
});
