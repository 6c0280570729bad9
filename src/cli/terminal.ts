import type { Writable } from "node:stream";

/** Styles for text meant for a person; identity functions when colour is off. */
export interface Style {
  readonly error: (text: string) => string;
  readonly caret: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly ok: (text: string) => string;
  readonly warning: (text: string) => string;
}

const sgr = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`;
const plain = (text: string) => text;

/** Colour only on a terminal, and never when `NO_COLOR` is set to anything (no-color.org). */
export function styleFor(stream: Writable, env: NodeJS.ProcessEnv): Style {
  const tty = (stream as Writable & { isTTY?: boolean }).isTTY === true;
  const on = tty && env.NO_COLOR === undefined && env.TERM !== "dumb";
  if (!on) return { error: plain, caret: plain, dim: plain, ok: plain, warning: plain };
  const yellow = sgr(33, 39);
  return { error: sgr(31, 39), caret: yellow, dim: sgr(2, 22), ok: sgr(32, 39), warning: yellow };
}

/** Colours the caret line of a qaql error message (the last line, made of spaces and `^`). */
export function styleMessage(message: string, style: Style): string {
  return message
    .split("\n")
    .map((line) => (/^\s*\^+\s*$/.test(line) ? style.caret(line) : line))
    .join("\n");
}
