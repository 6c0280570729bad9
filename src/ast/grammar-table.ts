/**
 * What one language's grammar allows next, in each state a reader of its tokens can be in: the
 * facts that the parser's errors, completion and diagnosis all read, written once per language
 * (where-grammar.ts, fields-grammar.ts). Plain data, so that the schema's validation, which may
 * not import the parser, reads the same table.
 */
export interface GrammarTable<State extends string, Follow extends string> {
  /** The noun for a whole input, in messages: "filter", "selection". */
  readonly noun: string;
  /** What may be read next in each state, in the order an error lists it. */
  readonly follows: Readonly<Record<State, readonly Follow[]>>;
  /** How an error names each thing that may be read next (grammar/language.md 5.5). */
  readonly names: Readonly<Record<Follow, string>>;
  /** What may be read only inside parentheses (a group's `)`). */
  readonly insideOnly: Follow;
  /** What may be read only outside every parenthesis (the end of the text). */
  readonly outsideOnly: Follow;
  /** The states in which a whole clause has just been read, so a connective may come next. */
  readonly clauseEnds: readonly State[];
}

/** What may be read next in `state` at parenthesis `depth`, as things to offer. */
export function followsIn<State extends string, Follow extends string>(
  table: GrammarTable<State, Follow>,
  state: State,
  depth: number,
): Follow[] {
  const ruledOut = depth > 0 ? table.outsideOnly : table.insideOnly;
  return table.follows[state].filter((follow) => follow !== ruledOut);
}

/** What a syntax error in `state` at parenthesis `depth` says was expected. */
export function expectedIn<State extends string, Follow extends string>(
  table: GrammarTable<State, Follow>,
  state: State,
  depth: number,
): string[] {
  return followsIn(table, state, depth).map((follow) => table.names[follow]);
}

/**
 * Whether a syntax error's expected list is that of a state after a whole clause: then the
 * clause before the error stands, and only what follows it is broken (grammar/language.md 11.2).
 */
export function expectsAfterClause<State extends string, Follow extends string>(
  table: GrammarTable<State, Follow>,
  expected: readonly string[],
): boolean {
  return table.clauseEnds.some((state) =>
    [0, 1].some((depth) => sameList(expectedIn(table, state, depth), expected)),
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
