import type { ReadCursor } from "./read-cursor.ts";
import type { RecordScanner } from "./record-scanner.ts";

/**
 * A reader's record scanner, which holds a copy of the window's bytes: copied on the first use
 * after the window moved, and not again for the runs, searches and picks over the same bytes.
 */
export class WindowScanner {
  readonly #scanner: RecordScanner;
  readonly #cursor: ReadCursor;
  #loaded = false;

  constructor(scanner: RecordScanner, cursor: ReadCursor) {
    this.#scanner = scanner;
    this.#cursor = cursor;
  }

  /** The scanner, holding the bytes of the cursor's window. */
  loaded(): RecordScanner {
    if (!this.#loaded) {
      this.#scanner.load(this.#cursor.bytes);
      this.#loaded = true;
    }
    return this.#scanner;
  }

  /** Drops the copy: the window has moved, and its bytes are copied again when next needed. */
  forget(): void {
    this.#loaded = false;
  }

  /** The raw filter's search of the window's bytes, by the scanner; undefined for other bytes. */
  find(needle: number, bytes: Uint8Array, from: number): number | undefined {
    if (bytes !== this.#cursor.bytes) return undefined;
    return this.loaded().find(needle, from);
  }
}
