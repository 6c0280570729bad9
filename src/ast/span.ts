/** A half-open range of UTF-16 offsets into the parsed text: `text.slice(start, end)`. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** The span used for nodes built by hand rather than parsed from text. */
export const NO_SPAN: Span = Object.freeze({ start: 0, end: 0 });
