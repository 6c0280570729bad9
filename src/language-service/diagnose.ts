import { type IToken, type TokenType, tokenMatcher } from "chevrotain";
import { FIELDS_GRAMMAR } from "../ast/fields-grammar.ts";
import { expectsAfterClause, type GrammarTable } from "../ast/grammar-table.ts";
import { WHERE_GRAMMAR } from "../ast/where-grammar.ts";
import type { ParseLimits } from "../base/limits.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readLimitMembers,
  readOptions,
  readSchemaOption,
  type SchemaOption,
} from "../check/read-options.ts";
import { QuerySyntaxError, type ValidationIssue } from "../errors/errors.ts";
import { notADayWarnings } from "../schema/date-warnings.ts";
import type { Schema } from "../schema/schema.ts";
import { validateFields } from "../schema/validate-fields.ts";
import { validateWhere } from "../schema/validate-where.ts";
import { FieldsClose, FieldsComma, FieldsOpen } from "../syntax/fields-tokens.ts";
import { lexFields } from "../syntax/lex-fields.ts";
import { lexWhere } from "../syntax/lex-where.ts";
import { parseFields } from "../syntax/parse-fields.ts";
import { parseWhere } from "../syntax/parse-where.ts";
import type { Lexed } from "../syntax/scan.ts";
import { And, LParen, Or, RParen, Stray } from "../syntax/where-tokens.ts";

/** Options of `diagnoseWhere` and `diagnoseFields`: the parse limits, and a schema to check against. */
export interface DiagnoseOptions extends ParseLimits {
  /** A schema from `defineSchema`, or a plain shape; without one, only the syntax is checked. */
  readonly schema?: SchemaOption | undefined;
}

/** One problem of a text, for an editor: `[from, to)` in UTF-16 units, empty at the end of the text. */
export interface QueryDiagnostic {
  readonly from: number;
  readonly to: number;
  /** A syntax error's code (grammar/language.md 5.1) or a validation issue's (4.3, 4.4). */
  readonly code: string;
  /** A sentence about what the user typed, without position: the editor shows where. */
  readonly message: string;
  /** What would have been accepted at a syntax error, as the parser describes it. */
  readonly expected?: readonly string[];
  /** For an unknown name: the text that most likely belongs in `[from, to)` instead (the quick fix). */
  readonly suggestion?: string;
  /** `"warning"` for a text that is valid but likely means something else; absent for an error. */
  readonly severity?: "warning";
}

/** How one language's text splits into clauses, for resuming after a syntax error. */
interface Recovery {
  readonly lex: (text: string) => Lexed;
  readonly open: (token: IToken) => boolean;
  readonly close: (token: IToken) => boolean;
  /** The tokens between clauses: AND and OR, or the comma. */
  readonly connectives: readonly TokenType[];
  /** In a filter a group is an operand; in a selection it belongs to the item before it. */
  readonly groupIsOperand: boolean;
  /** What may follow what: an error's expectations tell whether a whole clause came before it. */
  readonly table: GrammarTable<string, string>;
  readonly parse: (text: string, limits: ParseLimits) => unknown;
  readonly validate: (ast: never, schema: Schema) => ValidationIssue[];
  /** What is valid but likely a mistake, in a text that parsed. */
  readonly warn: (ast: never, schema: Schema | undefined) => ValidationIssue[];
}

const whereRecovery: Recovery = {
  lex: lexWhere,
  // A parenthesis where a value must stand is read as a stray character, but still closes a group.
  open: (token) =>
    tokenMatcher(token, LParen) || (tokenMatcher(token, Stray) && token.image === "("),
  close: (token) =>
    tokenMatcher(token, RParen) || (tokenMatcher(token, Stray) && token.image === ")"),
  connectives: [And, Or],
  groupIsOperand: true,
  table: WHERE_GRAMMAR,
  parse: parseWhere,
  validate: validateWhere,
  warn: notADayWarnings,
};

const fieldsRecovery: Recovery = {
  lex: lexFields,
  open: (token) => tokenMatcher(token, FieldsOpen),
  close: (token) => tokenMatcher(token, FieldsClose),
  connectives: [FieldsComma],
  groupIsOperand: false,
  table: FIELDS_GRAMMAR,
  parse: parseFields,
  validate: validateFields,
  warn: () => [],
};

/** Past this many syntax errors, an editor's user has more than enough to fix; the rest waits. */
const MAX_SYNTAX_ERRORS = 32;

const BLANK = /^[ \t\r\n]*$/;

const OPTION_NAMES = optionNamesOf<DiagnoseOptions>({
  schema: true,
  maxLength: true,
  maxDepth: true,
});

/**
 * Every problem of a `where` filter at once, in the order of the text: the parser's first
 * syntax error, then those it finds after setting each broken clause aside (a comparison with
 * its AND or OR), then, on what remains, every problem the schema finds and every warning
 * (`severity: "warning"`: a day-shaped literal that names no day where values are untyped,
 * grammar/language.md 2.3). Never throws for any text; `InvalidOptionError` for bad options.
 */
export function diagnoseWhere(text: string, options?: DiagnoseOptions): QueryDiagnostic[] {
  return diagnose("diagnoseWhere", whereRecovery, text, options);
}

/**
 * Every problem of a `fields` selection at once, in the order of the text: as `diagnoseWhere`,
 * setting aside a broken item with its comma.
 */
export function diagnoseFields(text: string, options?: DiagnoseOptions): QueryDiagnostic[] {
  return diagnose("diagnoseFields", fieldsRecovery, text, options);
}

function diagnose(
  caller: string,
  recovery: Recovery,
  text: string,
  options: DiagnoseOptions | undefined,
): QueryDiagnostic[] {
  if (typeof text !== "string") throw new TypeError(`${caller}: the text must be a string`);
  const given = readOptions<DiagnoseOptions>(caller, options);
  checkOptionNames(caller, given, OPTION_NAMES);
  const schema = readSchemaOption(caller, given.schema);
  const limits = readLimitMembers(caller, given);
  const found: QueryDiagnostic[] = [];
  // Read as a list request's parameter (grammar/language.md 6.1): blank is no filter, no problem.
  if (BLANK.test(text)) return found;
  let current = text;
  for (let round = 0; round < MAX_SYNTAX_ERRORS; round++) {
    let ast: unknown;
    try {
      ast = recovery.parse(current, limits);
    } catch (error) {
      if (!(error instanceof QuerySyntaxError)) throw error;
      found.push(fromSyntaxError(error));
      if (error.code === "INPUT_TOO_LONG" || error.code === "NESTING_TOO_DEEP") break;
      const next = setAside(recovery, current, error);
      if (next === current || BLANK.test(next)) break;
      current = next;
      continue;
    }
    if (schema) found.push(...recovery.validate(ast as never, schema).map(fromIssue));
    const warnings = recovery.warn(ast as never, schema);
    found.push(...warnings.map((issue) => ({ ...fromIssue(issue), severity: "warning" as const })));
    break;
  }
  return found.sort((a, b) => a.from - b.from || a.to - b.to);
}

function fromSyntaxError(error: QuerySyntaxError): QueryDiagnostic {
  const { offset, length, code, description, expected } = error;
  return {
    from: offset,
    to: offset + length,
    code,
    message: description,
    ...(expected.length > 0 ? { expected } : {}),
  };
}

function fromIssue(issue: ValidationIssue): QueryDiagnostic {
  const { offset, length, code, message, suggestion } = issue;
  return {
    from: offset,
    to: offset + length,
    code,
    message,
    ...(suggestion === undefined ? {} : { suggestion }),
  };
}

/**
 * The text with the clause around a syntax error blanked out (its length kept, so every later
 * position is still one of the user's text), or the text unchanged when nothing can be set aside.
 */
function setAside(recovery: Recovery, text: string, error: QuerySyntaxError): string {
  const lexed = recovery.lex(text);
  let range = new Clauses(recovery, lexed.tokens).around(error);
  if (error.code === "UNTERMINATED_QUOTE") range = { ...range, to: text.length };
  // Characters no token holds go with the clause they stand in.
  const stray = lexed.errors.find(
    (lexing) => lexing.offset <= error.offset && error.offset < lexing.offset + lexing.length,
  );
  const from = stray ? Math.min(range.from, stray.offset) : range.from;
  const to = stray ? Math.max(range.to, stray.offset + stray.length) : range.to;
  if (to <= from) return text;
  return text.slice(0, from) + " ".repeat(to - from) + text.slice(to);
}

interface Range {
  readonly from: number;
  readonly to: number;
}

/** A text's tokens seen as clauses between connectives, in groups of matched parentheses. */
class Clauses {
  readonly #recovery: Recovery;
  readonly #tokens: IToken[];
  /** For each parenthesis, the index of its partner, or -1 when it has none. */
  readonly #partner: number[];

  constructor(recovery: Recovery, tokens: IToken[]) {
    this.#recovery = recovery;
    this.#tokens = tokens;
    this.#partner = new Array<number>(tokens.length).fill(-1);
    const open: number[] = [];
    tokens.forEach((token, index) => {
      if (recovery.open(token)) open.push(index);
      else if (recovery.close(token)) {
        const partner = open.pop();
        if (partner !== undefined) {
          this.#partner[index] = partner;
          this.#partner[partner] = index;
        }
      }
    });
  }

  /** The stretch to set aside for a syntax error. */
  around(error: QuerySyntaxError): Range {
    const tokens = this.#tokens;
    const count = tokens.length;
    let at = tokens.findIndex((token) => token.startOffset + token.image.length > error.offset);
    if (at < 0) at = count;
    const token = tokens[at];
    if (expectsAfterClause(this.#recovery.table, error.expected)) {
      // Whole clause before the error: what follows it in its clause does not belong there.
      if (token === undefined) return this.#lastUnclosed();
      if (this.#isConnective(at) || this.#isClose(at)) return this.#span(at, at);
      return this.#span(at, this.#clauseEnd(at) - 1);
    }
    const start = this.#clauseStart(at);
    const end = this.#clauseEnd(at);
    if (start < end) return this.#withoutClause(start, end - 1);
    // An empty clause: a connective or group with nothing on one side.
    if (token !== undefined && this.#isConnective(at)) return this.#span(at, at);
    if (this.#isConnective(at - 1)) return this.#span(at - 1, at - 1);
    if (this.#isOpen(at - 1)) {
      const last = token !== undefined && this.#isClose(at) ? at : at - 1;
      return this.#recovery.groupIsOperand
        ? this.#withoutClause(at - 1, last)
        : this.#span(at - 1, last);
    }
    return token === undefined ? { from: error.offset, to: error.offset } : this.#span(at, at);
  }

  /** The first token of the clause holding token `at`, skipping whole groups before it. */
  #clauseStart(at: number): number {
    let index = at - 1;
    while (index >= 0) {
      if (this.#isConnective(index) || this.#isOpen(index)) break;
      if (this.#isClose(index)) {
        const partner = this.#partner[index] as number;
        if (partner < 0) break;
        index = partner - 1;
        continue;
      }
      index--;
    }
    return index + 1;
  }

  /** The index past the clause holding token `at`, skipping whole groups in it. */
  #clauseEnd(at: number): number {
    let index = at;
    while (index < this.#tokens.length) {
      if (this.#isConnective(index) || this.#isClose(index)) break;
      const partner = this.#partner[index] as number;
      index = this.#isOpen(index) && partner >= 0 ? partner + 1 : index + 1;
    }
    return index;
  }

  /**
   * Tokens `first`..`last` as a clause to remove, with the connective that joins them to the
   * rest, so what remains still reads; a group left empty goes too, when a group is an operand.
   */
  #withoutClause(first: number, last: number): Range {
    let start = first;
    let end = last;
    for (;;) {
      if (this.#isConnective(start - 1)) return this.#span(start - 1, end);
      if (this.#isConnective(end + 1)) return this.#span(start, end + 1);
      const enclosed = this.#isOpen(start - 1) && this.#partner[start - 1] === end + 1;
      if (!enclosed) return this.#span(start, end);
      if (!this.#recovery.groupIsOperand) return this.#span(start - 1, end + 1);
      start--;
      end++;
    }
  }

  /**
   * The innermost parenthesis the end of the text left open: alone in a filter, where its group
   * still reads without it; with what follows it in a selection, where its item would run on.
   */
  #lastUnclosed(): Range {
    const last = this.#tokens.length - 1;
    for (let index = last; index >= 0; index--) {
      if (this.#isOpen(index) && this.#partner[index] === -1) {
        return this.#span(index, this.#recovery.groupIsOperand ? index : last);
      }
    }
    return { from: 0, to: 0 };
  }

  #span(first: number, last: number): Range {
    const start = this.#tokens[first] as IToken;
    const end = this.#tokens[last] as IToken;
    return { from: start.startOffset, to: end.startOffset + end.image.length };
  }

  #is(index: number, types: readonly TokenType[]): boolean {
    const token = this.#tokens[index];
    return token !== undefined && types.some((type) => tokenMatcher(token, type));
  }

  #isConnective(index: number): boolean {
    return this.#is(index, this.#recovery.connectives);
  }

  #isOpen(index: number): boolean {
    const token = this.#tokens[index];
    return token !== undefined && this.#recovery.open(token);
  }

  #isClose(index: number): boolean {
    const token = this.#tokens[index];
    return token !== undefined && this.#recovery.close(token);
  }
}
