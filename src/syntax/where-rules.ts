import type { AtLeastOneSepMethodOpts, IOrAlt, IToken, TokenType } from "chevrotain";
import { expectedIn } from "../ast/grammar-table.ts";
import type {
  AndNode,
  ComparisonOperator,
  LiteralNode,
  OrNode,
  PathNode,
  PatternMode,
  WhereExpression,
} from "../ast/where.ts";
import { WHERE_GRAMMAR } from "../ast/where-grammar.ts";
import { CHARACTERS } from "./character-codes.ts";
import { endOf as end, QueryRules } from "./query-rules.ts";
import { isBareStart, isWhiteSpace, kindOf, tokenOf } from "./scan.ts";
import { Path, unquote } from "./shared-tokens.ts";
import {
  And,
  Comparator,
  In,
  Is,
  ListClose,
  ListComma,
  ListOpen,
  LParen,
  Not,
  Null,
  Or,
  PatternOperator,
  PatternText,
  RParen,
  Value,
  whereTokens,
} from "./where-tokens.ts";

const { ASTERISK, QUOTE } = CHARACTERS;

// Embedded actions rather than CST + visitor: the actions only build plain AST nodes, and
// skipping the CST keeps parsing within the speed target of the parse benchmark. For the same
// reason groups and lists are inlined (fewer rule calls) and actions are guarded by
// RECORDING_PHASE rather than wrapped in ACTION closures.
/** The `where` grammar of grammar/language.md 2.2; one instance, reused for every parse. */
export class WhereRules extends QueryRules {
  /** Set when a parenthesised group sits in a junction of its own kind, to flatten once at the end. */
  private nestedJunction = false;

  constructor() {
    super("where", whereTokens, expectedIn(WHERE_GRAMMAR, "segment", 0));
    this.performSelfAnalysis();
  }

  /** Parses a whole filter. */
  parseFilter(): WhereExpression {
    this.nestedJunction = false;
    this.operands = [];
    const ast = this.where();
    return this.nestedJunction && ast ? flatten(ast) : ast;
  }

  /** The operands of the junction being read; each keeps its caller's and puts it back. */
  private operands: WhereExpression[] = [];

  // One rule for OR and AND, and repetitions and alternatives made once rather than per call
  // (Chevrotain's advice), each reading the parser's state: rule calls and the closures made
  // for them were a fifth of a short parse.
  private where = this.RULE("where", (): WhereExpression => {
    const outer = this.operands;
    const operands: WhereExpression[] = [];
    this.operands = operands;
    this.AT_LEAST_ONE_SEP(this.disjunction);
    this.operands = outer;
    return this.junction("or", operands);
  });

  private readonly disjunction: AtLeastOneSepMethodOpts<void> = {
    SEP: Or,
    DEF: () => {
      if (!this.RECORDING_PHASE) this.checkSeparator(Or);
      const disjuncts = this.operands;
      const conjuncts: WhereExpression[] = [];
      this.operands = conjuncts;
      this.AT_LEAST_ONE_SEP2(this.conjunction);
      this.operands = disjuncts;
      if (this.RECORDING_PHASE) return;
      const operand = this.junction("and", conjuncts);
      if (operand.kind === "or") this.nestedJunction = true;
      disjuncts.push(operand);
    },
  };

  private readonly conjunction: AtLeastOneSepMethodOpts<void> = {
    SEP: And,
    DEF: () => {
      if (!this.RECORDING_PHASE) this.checkSeparator(And);
      const operand = this.OR(this.operandAlternatives);
      if (!this.RECORDING_PHASE) this.operands.push(operand);
    },
  };

  private readonly operandAlternatives: IOrAlt<WhereExpression>[] = [
    {
      ALT: () => {
        const open = this.CONSUME(LParen);
        if (!this.RECORDING_PHASE) this.enter(open);
        const inner = this.SUBRULE(this.where);
        this.CONSUME(RParen);
        if (!this.RECORDING_PHASE) {
          this.leave();
          if (inner.kind === "and") this.nestedJunction = true;
        }
        return inner;
      },
    },
    {
      // A predicate, inline: a rule of its own cost a tenth of a parse.
      ALT: () => {
        const field = this.CONSUME(Path);
        if (!this.RECORDING_PHASE) {
          this.checkPathEnd(field);
          this.field = field;
        }
        return this.OR2(this.predicateAlternatives);
      },
    },
  ];

  /** The path of the predicate being read, for its alternatives. */
  private field: IToken = tokenOf(kindOf(Path), "", 0);

  private readonly predicateAlternatives: IOrAlt<WhereExpression>[] = [
    {
      ALT: () => {
        const operator = this.CONSUME(Comparator);
        const value = this.CONSUME(Value);
        if (this.RECORDING_PHASE) return undefined as never;
        const { field } = this;
        return {
          kind: "comparison" as const,
          path: this.path(field),
          operator: operator.image as ComparisonOperator,
          value: this.literal(value),
          span: { start: field.startOffset, end: end(value) },
        };
      },
    },
    {
      ALT: () => {
        this.CONSUME(PatternOperator);
        const text = this.CONSUME(PatternText);
        return this.RECORDING_PHASE ? (undefined as never) : this.pattern(this.field, text);
      },
    },
    {
      ALT: () => {
        const not = this.OPTION(this.notBeforeIn);
        this.CONSUME(In);
        this.CONSUME(ListOpen);
        const values: LiteralNode[] = [];
        this.values = values;
        this.AT_LEAST_ONE_SEP3(this.listValues);
        const close = this.CONSUME(ListClose);
        if (this.RECORDING_PHASE) return undefined as never;
        const { field } = this;
        return {
          kind: "in" as const,
          path: this.path(field),
          negated: not !== undefined,
          values,
          span: { start: field.startOffset, end: end(close) },
        };
      },
    },
    {
      ALT: () => {
        this.CONSUME(Is);
        const not = this.OPTION2(this.notBeforeNull);
        const last = this.CONSUME(Null);
        if (this.RECORDING_PHASE) return undefined as never;
        const { field } = this;
        return {
          kind: "isNull" as const,
          path: this.path(field),
          negated: not !== undefined,
          span: { start: field.startOffset, end: end(last) },
        };
      },
    },
  ];

  private readonly notBeforeIn = () => this.CONSUME(Not);
  private readonly notBeforeNull = () => this.CONSUME2(Not);

  /** The values of the IN list being read. */
  private values: LiteralNode[] = [];

  private readonly listValues: AtLeastOneSepMethodOpts<void> = {
    SEP: ListComma,
    DEF: () => {
      const value = this.CONSUME2(Value);
      if (!this.RECORDING_PHASE) this.values.push(this.literal(value));
    },
  };

  /** Checks the white space around the AND or OR just consumed, if any. */
  private checkSeparator(keyword: TokenType): void {
    const previous = this.LA(0);
    if (previous !== undefined && previous.tokenType === keyword) this.requireSpaceAround(previous);
  }

  private junction(kind: "and" | "or", operands: WhereExpression[]): WhereExpression {
    if (operands.length === 1 || this.RECORDING_PHASE) return operands[0] as WhereExpression;
    const firstOperand = operands[0] as WhereExpression;
    const lastOperand = operands[operands.length - 1] as WhereExpression;
    return { kind, operands, span: { start: firstOperand.span.start, end: lastOperand.span.end } };
  }

  private path(token: IToken): PathNode {
    return {
      kind: "path",
      segments: splitPath(token.image),
      span: { start: token.startOffset, end: end(token) },
    };
  }

  private literal(token: IToken): LiteralNode {
    const image = token.image;
    return {
      kind: "literal",
      text: image.charCodeAt(0) === QUOTE ? unquote(image) : image,
      span: { start: token.startOffset, end: end(token) },
    };
  }

  private pattern(field: IToken, token: IToken) {
    const image = token.image;
    const start = token.startOffset;
    const leading = image.charCodeAt(0) === ASTERISK;
    let trailing = image.length > 1 && image.charCodeAt(image.length - 1) === ASTERISK;
    let text: string;
    let textSpan = { start: leading ? start + 1 : start, end: end(token) - (trailing ? 1 : 0) };
    if (image.charCodeAt(leading ? 1 : 0) === QUOTE) {
      text = unquote(image.slice(leading ? 1 : 0, trailing ? -1 : undefined));
    } else {
      if (leading && image.length === 1) trailing = false;
      textSpan = { start: leading ? start + 1 : start, end: end(token) - (trailing ? 1 : 0) };
      text = this.text.slice(textSpan.start, textSpan.end);
      const star = text.indexOf("*");
      if (star >= 0) {
        this.fail("MISPLACED_WILDCARD", textSpan.start + star, 1, MISPLACED_STAR);
      }
      // `a*"x"`: the lexer stops before the quote, but that `*` stands inside the pattern (2.2).
      if (trailing && this.text.charCodeAt(end(token)) === QUOTE) {
        this.fail("MISPLACED_WILDCARD", end(token) - 1, 1, MISPLACED_STAR);
      }
      // A bare pattern starts as a bare value does: not with `= ! < > ~`.
      if (text.length > 0 && !isBareStart(text.charCodeAt(0))) {
        this.fail(
          "UNEXPECTED_TOKEN",
          textSpan.start,
          1,
          `expected ${WHERE_GRAMMAR.names.pattern} after "~" but found "${text.charAt(0)}"`,
        );
      }
    }
    if (text.length === 0)
      this.fail("EMPTY_PATTERN", start, image.length, "a pattern must not be empty");
    const mode: PatternMode =
      leading === trailing ? "contains" : leading ? "endsWith" : "startsWith";
    return {
      kind: "pattern" as const,
      path: this.path(field),
      mode,
      value: { kind: "literal" as const, text, span: textSpan },
      span: { start: field.startOffset, end: end(token) },
    };
  }

  // The grammar puts WS on both sides of AND and OR (2.2); the lexer skips WS, so offsets tell.
  private requireSpaceAround(keyword: IToken): void {
    const before = this.text.charCodeAt(keyword.startOffset - 1);
    const after = this.text.charCodeAt(end(keyword));
    if (!isWhiteSpace(before)) {
      this.fail(
        "MISSING_WHITESPACE",
        keyword.startOffset,
        keyword.image.length,
        `expected white space before ${keyword.image.toUpperCase()}`,
      );
    }
    // At the end of input the missing operand is the error, reported by the parser.
    if (!Number.isNaN(after) && !isWhiteSpace(after)) {
      this.fail(
        "MISSING_WHITESPACE",
        end(keyword),
        1,
        `expected white space after ${keyword.image.toUpperCase()}`,
      );
    }
  }
}

// A loop of indexOf: String#split costs a tenth of a short parse.
function splitPath(image: string): string[] {
  const segments: string[] = [];
  let from = 0;
  for (let dot = image.indexOf("."); dot >= 0; dot = image.indexOf(".", from)) {
    segments.push(image.slice(from, dot));
    from = dot + 1;
  }
  segments.push(from === 0 ? image : image.slice(from));
  return segments;
}

const MISPLACED_STAR =
  'a "*" is a wildcard only at the start or end of a pattern; quote the text to match a literal "*"';

/** Merges AND groups into AND and OR groups into OR, visiting each node once (2.6). */
function flatten(node: WhereExpression): WhereExpression {
  if (node.kind !== "and" && node.kind !== "or") return node;
  const operands: WhereExpression[] = [];
  const collect = (group: AndNode | OrNode) => {
    for (const operand of group.operands) {
      if (operand.kind === group.kind) collect(operand as AndNode | OrNode);
      else operands.push(flatten(operand));
    }
  };
  collect(node);
  return { kind: node.kind, operands, span: node.span };
}
