import { type ErrorJson, QaqlError } from "./qaql-error.ts";

/**
 * A JSON Schema that `schemaFromJsonSchema` cannot map to a qaql schema: `pointer` is the RFC 6901
 * JSON Pointer of the subschema at fault inside the document given (`/properties/a`; `""` for
 * the document itself), `keyword` the keyword of it that does not map (`oneOf`, `$ref`), or `""`
 * when the value there is no schema at all.
 */
export class JsonSchemaMappingError extends QaqlError {
  override readonly name = "JsonSchemaMappingError";
  declare readonly code: "UNMAPPABLE_JSON_SCHEMA";
  readonly pointer: string;
  readonly keyword: string;

  constructor(pointer: string, keyword: string, message: string) {
    const at = `${pointer || "(root)"}${keyword ? `, ${keyword}` : ""}`;
    super("UNMAPPABLE_JSON_SCHEMA", `schemaFromJsonSchema: at ${at}: ${message}`);
    this.pointer = pointer;
    this.keyword = keyword;
  }

  /** The JSON body: `code`, `message`, `pointer` and `keyword`. */
  override toJSON(): ErrorJson {
    const { code, message, pointer, keyword } = this;
    return { code, message, pointer, keyword };
  }
}
