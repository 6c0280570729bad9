/** A 1-based line and column (in UTF-16 units) of an offset in a text. */
export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

/** Converts a 0-based offset to a 1-based line and column; CR, LF and CRLF end a line. */
export function lineColumnOf(text: string, offset: number): LineColumn {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Where an offset is, as messages say it: `column 5` in a one-line text, else `line 2, column 5`. */
export function positionText(text: string, { line, column }: LineColumn): string {
  return line === 1 && !/[\r\n]/.test(text) ? `column ${column}` : `line ${line}, column ${column}`;
}

const SNIPPET_WIDTH = 72;
const CONTEXT_BEFORE = 32;

/**
 * Renders the line holding `offset` with carets under `length` characters, indented by two
 * spaces; long lines are cut to a window around the position.
 */
export function renderCaret(text: string, offset: number, length: number): string {
  let lineStart = offset;
  while (lineStart > 0 && !isLineBreak(text.charCodeAt(lineStart - 1))) lineStart--;
  let lineEnd = offset;
  while (lineEnd < text.length && !isLineBreak(text.charCodeAt(lineEnd))) lineEnd++;
  let from = lineStart;
  let to = lineEnd;
  let head = "";
  let tail = "";
  if (to - from > SNIPPET_WIDTH) {
    from = Math.max(lineStart, offset - CONTEXT_BEFORE);
    to = Math.min(lineEnd, from + SNIPPET_WIDTH);
    if (from > lineStart) head = "…";
    if (to < lineEnd) tail = "…";
  }
  const shown = text.slice(from, to);
  // The pad copies tabs so the caret lines up, and counts code points so astral characters do too.
  let pad = head ? " " : "";
  for (const ch of text.slice(from, offset)) pad += ch === "\t" ? "\t" : " ";
  const marked = [...text.slice(offset, Math.min(offset + length, to))].length;
  const visible = Math.max(1, marked);
  return `  ${head}${shown}${tail}\n  ${pad}${"^".repeat(visible)}`;
}

function isLineBreak(c: number): boolean {
  return c === 10 || c === 13;
}
