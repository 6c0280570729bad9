import type { FieldType, ScalarTypeName, Schema } from "./schema.ts";

/** A scalar field of a schema: its path and its type. */
export interface ScalarField {
  readonly path: readonly string[];
  readonly type: ScalarTypeName;
}

/** The scalar fields a filter can reach: through described objects, never through arrays. */
export function listScalarFields(schema: Schema): ScalarField[] {
  const out: ScalarField[] = [];
  const walk = (fields: Readonly<Record<string, FieldType>>, prefix: readonly string[]) => {
    for (const [name, type] of Object.entries(fields)) {
      const path = [...prefix, name];
      if (type.kind === "object") {
        if (type.fields) walk(type.fields, path);
      } else if (type.kind !== "array") {
        out.push({ path, type: type.kind });
      }
    }
  };
  walk(schema.fields, []);
  return out;
}
