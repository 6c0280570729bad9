import type { QueryLanguage } from "./errors.ts";
import { type ErrorJson, QaqlError } from "./qaql-error.ts";

/** How a value that did not fit is shown in a message: short, and never the whole of a long text. */
export function describeFound(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `${JSON.stringify(shown)}${value.length > 40 ? ` (${value.length} characters)` : ""}`;
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * A `where` or `fields` tree handed to a public function is not one that the parser could have
 * produced: an unknown `kind`, operator or mode, a name that is no identifier, a wrong type, a
 * missing member, or nesting past the limit. `pointer` is the RFC 6901 JSON Pointer of the bad
 * member inside the tree (`/operands/1/operator`; `""` for the tree itself).
 */
export class InvalidAstError extends QaqlError {
  override readonly name = "InvalidAstError";
  declare readonly code: "INVALID_AST";
  readonly language: QueryLanguage;
  readonly pointer: string;
  /** What would have been accepted there. */
  readonly expected: string;
  /** What was there, as `describeFound` shows it. */
  readonly found: string;

  constructor(language: QueryLanguage, pointer: string, expected: string, found: unknown) {
    const shown = describeFound(found);
    super(
      "INVALID_AST",
      `${language} AST at ${pointer || "(root)"}: expected ${expected}; found ${shown}`,
    );
    this.language = language;
    this.pointer = pointer;
    this.expected = expected;
    this.found = shown;
  }

  /** The JSON body: `code`, `message`, `language`, `pointer`, `expected` and `found`. */
  override toJSON(): ErrorJson {
    const { code, message, language, pointer, expected, found } = this;
    return { code, message, language, pointer, expected, found };
  }
}

/**
 * An options object handed to a public function holds a value it cannot use: a wrong type, an
 * unknown name or a value outside its set. `option` names the member (`columns["rank"].dateStorage`).
 */
export class InvalidOptionError extends QaqlError {
  override readonly name = "InvalidOptionError";
  declare readonly code: "INVALID_OPTION";
  /** The function whose options these are. */
  readonly caller: string;
  readonly option: string;

  constructor(caller: string, option: string, problem: string) {
    super("INVALID_OPTION", `${caller}: ${option ? `option ${option}: ` : ""}${problem}`);
    this.caller = caller;
    this.option = option;
  }

  /** The JSON body: `code`, `message`, `caller` and `option`. */
  override toJSON(): ErrorJson {
    const { code, message, caller, option } = this;
    return { code, message, caller, option };
  }
}
