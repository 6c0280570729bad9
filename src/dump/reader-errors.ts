import { DumpError, type DumpErrorCode, formatDumpPosition } from "../errors/dump-error.ts";
import type { ByteWindow } from "./byte-window.ts";
import { describeByte, isJsonSpace, JsonFault, JsonValidator } from "./json-validator.ts";

/** What the reader's messages call the options that mend an error: the library's or the CLI's. */
export interface OptionNames {
  readonly resource: string;
  readonly replaceInvalidUtf8: string;
}

/** The options' names in the library's messages. */
export const LIBRARY_OPTION_NAMES: OptionNames = {
  resource: "the resource option",
  replaceInvalidUtf8: 'invalidUtf8: "replace"',
};

/** The dump reader's DumpErrors, placed at offsets and indexes of the bytes its window holds. */
export class ReaderErrors {
  readonly #window: ByteWindow;
  readonly #checkUtf8: boolean;
  readonly #optionNames: OptionNames;

  constructor(window: ByteWindow, checkUtf8: boolean, optionNames: OptionNames) {
    this.#window = window;
    this.#checkUtf8 = checkUtf8;
    this.#optionNames = optionNames;
  }

  /** A DumpError at input `offset`, its message `text` given the position's words. */
  at(code: DumpErrorCode, offset: number, text: (at: string) => string): DumpError {
    const position = this.#window.positionOf(offset);
    return new DumpError(code, text(formatDumpPosition(position)), position);
  }

  /** Malformed JSON at the window's `index`: what was expected, and the byte found there. */
  unexpected(index: number, expected: string): DumpError {
    const window = this.#window;
    const found = describeByte(window.bytes, index);
    return this.at(
      "MALFORMED_JSON",
      window.start + index,
      (at) => `expected ${expected}, found ${found} at ${at}`,
    );
  }

  /** The input ended, at the end of the window, where `expected` was still to come. */
  truncated(expected: string): DumpError {
    const end = this.#window.end;
    return this.at(
      "TRUNCATED_INPUT",
      end,
      (at) => `expected ${expected}, found the end of the input at ${at}`,
    );
  }

  /**
   * The error of an element, the window's bytes `[start, end)`, that did not decode or parse
   * (`cause`): the first fault the validator finds.
   */
  ofElement(start: number, end: number, cause: unknown): DumpError {
    const bytes = this.#window.bytes;
    const validator = new JsonValidator(this.#checkUtf8);
    try {
      const stop = validator.feed(bytes, start, end);
      if (stop === -1) validator.end(end);
      else if (stop < end) {
        let i = stop;
        while (i < end && isJsonSpace(bytes[i] ?? 0)) i++;
        if (i < end) return this.unexpected(i, "the end of the element");
      }
    } catch (fault) {
      if (!(fault instanceof JsonFault)) throw fault;
      if (fault.truncated) return this.truncated("the end of the element");
      return this.ofFault(fault);
    }
    // The validator accepted what JSON.parse refused: report JSON.parse's words at the start.
    const why = cause instanceof Error ? cause.message : String(cause);
    return this.at(
      "MALFORMED_JSON",
      this.#window.start + start,
      (at) => `invalid JSON at ${at}: ${why}`,
    );
  }

  /**
   * The error of an NDJSON line from the window's index `start` to `end`, a line break or -1
   * for the end of the bytes held; `inputEnded` when no byte follows them.
   */
  ofLine(start: number, end: number, inputEnded: boolean): DumpError {
    const window = this.#window;
    const bytes = window.bytes;
    const lineEnd = end === -1 ? bytes.length : end;
    const validator = new JsonValidator(this.#checkUtf8);
    try {
      const stop = validator.feed(bytes, start, lineEnd);
      if (stop !== -1) {
        let i = stop;
        while (i < lineEnd && isJsonSpace(bytes[i] ?? 0)) i++;
        if (i < lineEnd) return this.unexpected(i, "a line break after the record (NDJSON)");
      }
    } catch (fault) {
      if (!(fault instanceof JsonFault)) throw fault;
      return this.ofFault(fault);
    }
    if (end === -1 && inputEnded) return this.truncated("the end of the record");
    return this.at(
      "MALFORMED_JSON",
      window.start + lineEnd,
      (at) =>
        `expected the rest of the record, found a line break at ${at} (NDJSON holds one record per line)`,
    );
  }

  /** The DumpError of what the validator found. */
  ofFault(fault: JsonFault): DumpError {
    const code = fault.invalidUtf8 ? "INVALID_UTF8" : "MALFORMED_JSON";
    const hint = fault.invalidUtf8
      ? `; ${this.#optionNames.replaceInvalidUtf8} reads such bytes as U+FFFD`
      : "";
    return this.at(
      code,
      this.#window.start + fault.index,
      (at) => `${fault.description} at ${at}${hint}`,
    );
  }
}
