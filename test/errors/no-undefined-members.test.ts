import { describe, expect, it } from "vitest";
import { ERROR_CASES, thrown } from "./error-cases.ts";

/** The paths of every own member, at any depth, whose value is `undefined`. */
function undefinedMembers(value: unknown, path = ""): string[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.keys(value).flatMap((key) => {
    const member = (value as Record<string, unknown>)[key];
    const at = `${path}.${key}`;
    return member === undefined ? [at] : undefinedMembers(member, at);
  });
}

describe("no error object shows a member that is undefined (issue 13)", () => {
  it.each(ERROR_CASES)("%s", (name, run) => {
    const error = thrown(run);
    expect(error).toMatchObject({ name });
    expect(undefinedMembers(error)).toEqual([]);
  });
});

describe("no error's JSON body shows a member that is undefined", () => {
  it.each(ERROR_CASES)("%s", (_name, run) => {
    const error = thrown(run) as { toJSON(): unknown };
    expect(undefinedMembers(error.toJSON())).toEqual([]);
  });
});
