import { type ErrorJson, QaqlError } from "./qaql-error.ts";

/** A schema shape that `defineSchema` or `readSchema` cannot read; `path` says where in the shape. */
export class SchemaDefinitionError extends QaqlError {
  override readonly name = "SchemaDefinitionError";
  declare readonly code: "INVALID_SCHEMA";
  /** The dotted path of the bad member (`level.id`, `tags[]`); `""` for the schema itself. */
  readonly path: string;

  constructor(path: string, message: string, caller = "defineSchema") {
    super("INVALID_SCHEMA", `${caller}: ${path ? `at "${path}": ` : ""}${message}`);
    this.path = path;
  }

  /** The JSON body: `code`, `message` and `path`. */
  override toJSON(): ErrorJson {
    const { code, message, path } = this;
    return { code, message, path };
  }
}
