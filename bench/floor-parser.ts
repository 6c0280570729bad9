// The speed floor of the parse benchmark: a plain recursive-descent parser of the `where`
// grammar (grammar/language.md 2.2) that scans with charCodeAt and builds the same AST as
// `parseWhere`, but only throws a bare SyntaxError on bad input.
import type {
  ComparisonOperator,
  LiteralNode,
  PathNode,
  PatternMode,
  WhereExpression,
} from "../src/index.ts";

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const BANG = 33;
const QUOTE = 34;
const LPAREN = 40;
const RPAREN = 41;
const STAR = 42;
const COMMA = 44;
const DOT = 46;
const LT = 60;
const EQ = 61;
const GT = 62;
const TILDE = 126;

function isSpace(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR;
}

function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57);
}

// A bare value ends at white space, a parenthesis, a comma or a quote (NaN: end of input).
function endsBare(c: number): boolean {
  return (
    Number.isNaN(c) || isSpace(c) || c === LPAREN || c === RPAREN || c === COMMA || c === QUOTE
  );
}

class FloorParser {
  // Plain fields, not parameter properties: Node's type stripping does not support those.
  private readonly src: string;
  private readonly maxDepth: number;
  private pos = 0;
  private depth = 0;
  // Set when a parenthesised AND lands in an AND (or OR in OR): one flattening pass at the
  // end keeps `a AND (b AND (c AND …))` linear, where merging at every level would copy.
  private nestedJunctions = false;

  constructor(src: string, maxDepth: number) {
    this.src = src;
    this.maxDepth = maxDepth;
  }

  parse(): WhereExpression {
    this.skipSpace();
    const expression = this.or();
    this.skipSpace();
    if (this.pos !== this.src.length) this.fail("AND, OR or the end");
    return this.nestedJunctions ? flatten(expression) : expression;
  }

  private or(): WhereExpression {
    const first = this.and();
    let operands: WhereExpression[] | undefined;
    while (this.keywordBetweenSpaces("or")) {
      this.skipSpace();
      operands ??= [first];
      const next = this.and();
      operands.push(next);
    }
    if (!operands) return first;
    if (operands.some((o) => o.kind === "or")) this.nestedJunctions = true;
    return junction("or", operands);
  }

  private and(): WhereExpression {
    const first = this.term();
    let operands: WhereExpression[] | undefined;
    while (this.keywordBetweenSpaces("and")) {
      this.skipSpace();
      operands ??= [first];
      const next = this.term();
      operands.push(next);
    }
    if (!operands) return first;
    if (operands.some((o) => o.kind === "and")) this.nestedJunctions = true;
    return junction("and", operands);
  }

  private term(): WhereExpression {
    if (this.src.charCodeAt(this.pos) !== LPAREN) return this.predicate();
    if (++this.depth > this.maxDepth) this.fail("at most the nesting limit");
    this.pos++;
    this.skipSpace();
    const inner = this.or();
    this.skipSpace();
    this.expect(RPAREN);
    this.depth--;
    return inner;
  }

  private predicate(): WhereExpression {
    const path = this.path();
    const start = path.span.start;
    const afterPath = this.pos;
    this.skipSpace();
    const src = this.src;
    const c = src.charCodeAt(this.pos);
    const next = src.charCodeAt(this.pos + 1);
    let operator: ComparisonOperator;
    if (c === EQ) {
      operator = "=";
      this.pos++;
    } else if (c === BANG && next === EQ) {
      operator = "!=";
      this.pos += 2;
    } else if (c === GT || c === LT) {
      const orEqual = next === EQ;
      operator = c === GT ? (orEqual ? ">=" : ">") : orEqual ? "<=" : "<";
      this.pos += orEqual ? 2 : 1;
    } else if (c === TILDE) {
      this.pos++;
      this.skipSpace();
      return this.pattern(path);
    } else {
      if (this.pos === afterPath) this.fail("an operator");
      if (this.word("in")) {
        this.skipSpace();
        const list = this.list();
        return { kind: "in", path, negated: false, values: list, span: span(start, this.pos) };
      }
      if (this.word("is")) {
        this.requireSpace();
        const negated = this.word("not");
        if (negated) this.requireSpace();
        if (!this.word("null")) this.fail("NULL");
        return { kind: "isNull", path, negated, span: span(start, this.pos) };
      }
      if (!this.word("not")) this.fail("an operator");
      this.requireSpace();
      if (!this.word("in")) this.fail("IN");
      this.skipSpace();
      const list = this.list();
      return { kind: "in", path, negated: true, values: list, span: span(start, this.pos) };
    }
    this.skipSpace();
    const value = this.value();
    return { kind: "comparison", path, operator, value, span: span(start, value.span.end) };
  }

  private pattern(path: PathNode): WhereExpression {
    const src = this.src;
    const leading = src.charCodeAt(this.pos) === STAR;
    if (leading) this.pos++;
    let trailing = false;
    let value: LiteralNode;
    if (src.charCodeAt(this.pos) === QUOTE) {
      value = this.quoted();
      if (src.charCodeAt(this.pos) === STAR) {
        trailing = true;
        this.pos++;
      }
    } else {
      const textStart = this.pos;
      let textEnd = -1;
      for (;;) {
        const c = src.charCodeAt(this.pos);
        if (endsBare(c)) break;
        if (c === STAR) {
          // Only a last `*` is a wildcard (2.2); a `*` inside an unquoted pattern is an error.
          if (!endsBare(src.charCodeAt(this.pos + 1))) this.fail("no * inside a pattern");
          textEnd = this.pos;
          trailing = true;
          this.pos++;
          break;
        }
        this.pos++;
      }
      if (textEnd < 0) textEnd = this.pos;
      const first = src.charCodeAt(textStart);
      if (first === EQ || first === BANG || first === LT || first === GT || first === TILDE) {
        this.fail("a pattern");
      }
      value = literal(src.slice(textStart, textEnd), textStart, textEnd);
    }
    if (value.text.length === 0) this.fail("a non-empty pattern");
    const mode: PatternMode =
      leading === trailing ? "contains" : leading ? "endsWith" : "startsWith";
    return { kind: "pattern", path, mode, value, span: span(path.span.start, this.pos) };
  }

  private list(): LiteralNode[] {
    this.expect(LPAREN);
    const values: LiteralNode[] = [];
    for (;;) {
      this.skipSpace();
      values.push(this.value());
      this.skipSpace();
      const c = this.src.charCodeAt(this.pos++);
      if (c === RPAREN) return values;
      if (c !== COMMA) this.fail('"," or ")"', this.pos - 1);
    }
  }

  private value(): LiteralNode {
    const src = this.src;
    const start = this.pos;
    const c = src.charCodeAt(start);
    if (c === QUOTE) return this.quoted();
    if (c === EQ || c === BANG || c === LT || c === GT || c === TILDE) this.fail("a value");
    while (!endsBare(src.charCodeAt(this.pos))) this.pos++;
    if (this.pos === start) this.fail("a value");
    return literal(src.slice(start, this.pos), start, this.pos);
  }

  // `"…"` with `""` for one quote; the span covers the quotes, the text is unquoted.
  private quoted(): LiteralNode {
    const src = this.src;
    const start = this.pos;
    let chunkStart = start + 1;
    let text = "";
    for (let i = chunkStart; i < src.length; i++) {
      if (src.charCodeAt(i) !== QUOTE) continue;
      if (src.charCodeAt(i + 1) === QUOTE) {
        text += src.slice(chunkStart, i + 1);
        chunkStart = ++i + 1;
        continue;
      }
      text += src.slice(chunkStart, i);
      this.pos = i + 1;
      return literal(text, start, this.pos);
    }
    return this.fail("a closing quote", start);
  }

  private path(): PathNode {
    const src = this.src;
    const start = this.pos;
    const segments: string[] = [];
    for (;;) {
      const segmentStart = this.pos;
      if (!isIdentStart(src.charCodeAt(this.pos))) this.fail("a field name");
      this.pos++;
      while (isIdentPart(src.charCodeAt(this.pos))) this.pos++;
      segments.push(src.slice(segmentStart, this.pos));
      if (src.charCodeAt(this.pos) !== DOT) break;
      this.pos++;
    }
    return { kind: "path", segments, span: span(start, this.pos) };
  }

  // Matches `keyword` (lower case) case-insensitively and as a whole word, consuming it only on
  // a match; `| 0x20` folds A-Z onto a-z and maps no other character onto a letter.
  private word(keyword: string): boolean {
    const src = this.src;
    const p = this.pos;
    const length = keyword.length;
    for (let i = 0; i < length; i++) {
      if ((src.charCodeAt(p + i) | 0x20) !== keyword.charCodeAt(i)) return false;
    }
    if (isIdentPart(src.charCodeAt(p + length))) return false;
    this.pos = p + length;
    return true;
  }

  // `WS keyword WS` (AND, OR); leaves the position untouched when it is not there.
  private keywordBetweenSpaces(keyword: string): boolean {
    const saved = this.pos;
    if (!isSpace(this.src.charCodeAt(this.pos))) return false;
    this.skipSpace();
    if (this.word(keyword) && isSpace(this.src.charCodeAt(this.pos))) return true;
    this.pos = saved;
    return false;
  }

  private skipSpace(): void {
    while (isSpace(this.src.charCodeAt(this.pos))) this.pos++;
  }

  private requireSpace(): void {
    if (!isSpace(this.src.charCodeAt(this.pos))) this.fail("white space");
    this.skipSpace();
  }

  private expect(code: number): void {
    if (this.src.charCodeAt(this.pos) !== code) this.fail(`"${String.fromCharCode(code)}"`);
    this.pos++;
  }

  private fail(expected: string, at = this.pos): never {
    throw new SyntaxError(`floor parser: expected ${expected} at offset ${at}`);
  }
}

function span(start: number, end: number) {
  return { start, end };
}

function literal(text: string, start: number, end: number): LiteralNode {
  return { kind: "literal", text, span: { start, end } };
}

function junction(kind: "and" | "or", operands: WhereExpression[]): WhereExpression {
  const first = operands[0] as WhereExpression;
  const last = operands[operands.length - 1] as WhereExpression;
  return { kind, operands, span: span(first.span.start, last.span.end) };
}

// Lifts the operands of an AND held by an AND (and of an OR held by an OR) into the holder,
// visiting every node once; a junction keeps its span, which already covers the lifted ones.
function flatten(node: WhereExpression): WhereExpression {
  if (node.kind !== "and" && node.kind !== "or") return node;
  const operands: WhereExpression[] = [];
  collect(node, node.kind, operands);
  return { kind: node.kind, operands, span: node.span };
}

function collect(node: WhereExpression, kind: "and" | "or", into: WhereExpression[]): void {
  if ((node.kind === "and" || node.kind === "or") && node.kind === kind) {
    for (const operand of node.operands) collect(operand, kind, into);
  } else {
    into.push(flatten(node));
  }
}

/**
 * Parses a `where` filter into the same AST as `parseWhere`, as fast as plain code allows;
 * throws a bare `SyntaxError` on bad input. The baseline of the parse benchmark.
 */
export function parseWhereFloor(text: string, maxDepth = 64): WhereExpression {
  return new FloorParser(text, maxDepth).parse();
}
