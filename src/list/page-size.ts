import { checkOption } from "../check/read-options.ts";
import { QueryParameterError } from "../errors/errors.ts";

/** The page size of a request that gives none, unless `defaultSize` says otherwise. */
export const DEFAULT_PAGE_SIZE = 20;

/** The largest page size accepted, unless `maxSize` says otherwise. */
export const DEFAULT_MAX_PAGE_SIZE = 1000;

/** The page size a request gets without `size`, and the largest it may ask for (grammar/language.md 6). */
export interface PageSizeOptions {
  /** The size of a page when the request gives none; 20 unless set. */
  readonly defaultSize?: number | undefined;
  /** The largest `size` accepted; 1000 unless set. A larger one is `SIZE_TOO_LARGE`. */
  readonly maxSize?: number | undefined;
}

/** A page of a list: numbers from 1; what is missing takes the defaults (page 1, `defaultSize`). */
export interface PageRequest {
  readonly page?: number | undefined;
  readonly size?: number | undefined;
}

/** Checks the options and fills in their defaults; a bad option is a programmer's error. */
export function resolvePageSizeOptions(options: PageSizeOptions): {
  defaultSize: number;
  maxSize: number;
} {
  const maxSize = options.maxSize ?? DEFAULT_MAX_PAGE_SIZE;
  const defaultSize = options.defaultSize ?? Math.min(DEFAULT_PAGE_SIZE, maxSize);
  if (!Number.isSafeInteger(maxSize) || maxSize < 1) {
    throw new RangeError("maxSize must be a whole number from 1");
  }
  if (!Number.isSafeInteger(defaultSize) || defaultSize < 1 || defaultSize > maxSize) {
    throw new RangeError("defaultSize must be a whole number from 1 to maxSize");
  }
  return { defaultSize, maxSize };
}

const NOUN = { page: "a page number (1, 2, 3, …)", size: "a page size (a whole number from 1)" };

function fail(
  parameter: "page" | "size",
  input: string,
  code: "INVALID_PAGE" | "INVALID_SIZE" | "SIZE_TOO_LARGE",
  description: string,
): never {
  throw new QueryParameterError({
    parameter,
    input,
    code,
    offset: 0,
    length: input.length,
    description,
  });
}

/**
 * Checks a page number or size, given as a number or as the text it was read from: a whole
 * number from 1, a safe integer, and a size at most `maxSize`; throws `QueryParameterError`.
 */
export function checkPageNumber(
  parameter: "page" | "size",
  value: number,
  maxSize: number,
  input = String(value),
): number {
  const invalid = parameter === "page" ? "INVALID_PAGE" : "INVALID_SIZE";
  if (value === 0) {
    fail(
      parameter,
      input,
      invalid,
      parameter === "page"
        ? "pages count from 1, so there is no page 0"
        : "a page holds at least 1 item, so the size cannot be 0",
    );
  }
  if (!Number.isInteger(value) || value < 1) {
    fail(
      parameter,
      input,
      invalid,
      `expected ${NOUN[parameter]} but found ${JSON.stringify(input)}`,
    );
  }
  if (parameter === "size" && value > maxSize) {
    fail(
      parameter,
      input,
      "SIZE_TOO_LARGE",
      `a page holds at most ${maxSize} items, so the size cannot be ${input}`,
    );
  }
  if (!Number.isSafeInteger(value)) {
    fail(
      parameter,
      input,
      invalid,
      `${input} is too large a ${parameter === "page" ? "page number" : "page size"}`,
    );
  }
  return value;
}

/** Reads a page number or size from the decoded text of its parameter: decimal digits only. */
export function readPageNumber(parameter: "page" | "size", text: string, maxSize: number): number {
  if (!/^[0-9]+$/.test(text)) {
    const found = text === "" ? "nothing" : JSON.stringify(text);
    fail(
      parameter,
      text,
      parameter === "page" ? "INVALID_PAGE" : "INVALID_SIZE",
      `expected ${NOUN[parameter]} but found ${found}`,
    );
  }
  return checkPageNumber(parameter, Number(text), maxSize, text);
}

/** Fills in and checks a page request: page 1 and `defaultSize` when missing. */
export function resolvePageRequest(
  request: PageRequest,
  options: PageSizeOptions,
): { page: number; size: number } {
  const { defaultSize, maxSize } = resolvePageSizeOptions(options);
  return {
    page: checkPageNumber("page", request.page ?? 1, maxSize),
    size: checkPageNumber("size", request.size ?? defaultSize, maxSize),
  };
}

/** Reads the `defaultSize` and `maxSize` options (grammar/language.md 6.1), defaults filled in. */
export function readPageSizeOptions(
  caller: string,
  defaultSize: unknown,
  maxSize: unknown,
): { defaultSize: number; maxSize: number } {
  checkOption(caller, "maxSize", maxSize, () =>
    resolvePageSizeOptions({ maxSize } as PageSizeOptions),
  );
  return checkOption(caller, "defaultSize", defaultSize, () =>
    resolvePageSizeOptions({ maxSize, defaultSize } as PageSizeOptions),
  );
}
