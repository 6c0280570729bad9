// What the `qaql` executable reads of how Node was started, before it loads anything else.

/**
 * The options of a `NODE_OPTIONS` value as Node splits it: at white space outside double
 * quotes, a quote opening and closing a part of an option, and inside quotes a backslash
 * taking the next character as it is (`"--title=a b"` is one option, `--title=a b` two).
 */
export function nodeOptionsOf(text: string): string[] {
  const options: string[] = [];
  let current = "";
  let started = false;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted && c === "\\" && i + 1 < text.length) {
      current += text[++i];
    } else if (c === '"') {
      quoted = !quoted;
      started = true;
    } else if (!quoted && (c === " " || c === "\t" || c === "\n" || c === "\r")) {
      if (started) options.push(current);
      current = "";
      started = false;
    } else {
      current += c;
      started = true;
    }
  }
  if (started) options.push(current);
  return options;
}

/** Whether Node was given the young generation's size, on its command line or in `NODE_OPTIONS`. */
export function setsSemiSpace(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
): boolean {
  const given = [...execArgv, ...nodeOptionsOf(nodeOptions ?? "")];
  return given.some((flag) => /^--max[-_]semi[-_]space[-_]size(?:=|$)/.test(flag));
}
