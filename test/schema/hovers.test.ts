import { describe, expect, it } from "vitest";
import { languageService } from "../support/language-service.ts";
import { root } from "../support/type-agreement.ts";

// What an editor shows on hovering a predicate, a projection and a row: the records' object
// types, as postgrest-js, ArkType and zod show them, never the schema's notation.

const source = `import { compileFields, compileWhere, defineSchema, type Infer } from ${JSON.stringify(`${root}src/index.ts`)};
const schema = defineSchema({ id: "integer", owner: { login: "string" }, meta: "object" });
declare const record: Infer<typeof schema>;
export const isMine = compileWhere("owner.login=ann", { schema });
export const pick = compileFields("id,owner.login", { schema });
export const row = pick(record);
export const wrong: { id: string } = row;
`;

describe("hovers and errors show records, not the schema's notation", () => {
  const service = languageService(source, "hovers");

  it("shows a predicate's record and a row's members", () => {
    const predicate = service.hover("isMine");
    expect(predicate).toBe(
      "const isMine: Predicate<{ readonly id?: number | null | undefined; readonly owner?: { readonly login?: string | null | undefined; } | null | undefined; readonly meta?: object | null | undefined; }>",
    );
    expect(service.hover("row")).toBe(
      "const row: { readonly id?: number | null | undefined; readonly owner?: { readonly login?: string | null | undefined; } | null | undefined; }",
    );
    for (const shown of [predicate, service.hover("pick"), service.hover("row")]) {
      expect(shown).not.toMatch(/RecordOfShape|SelectedObject|"integer"|"string"/);
    }
  }, 60_000);

  it("names the row's members in an error", () => {
    const [error] = service.diagnostics();
    expect(error).toContain("Type '{ readonly id?: number | null | undefined;");
    expect(error).not.toMatch(/RecordOfShape|SelectedObject/);
  }, 60_000);
});
