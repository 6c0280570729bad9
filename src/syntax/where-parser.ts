import type { IToken } from "chevrotain";
import type {
  ComparisonOperator,
  LiteralNode,
  PathNode,
  PatternMode,
  WhereExpression,
} from "../ast/where.ts";
import { endOf as end, QueryParser } from "./base-parser.ts";
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
  PatternText,
  RParen,
  Tilde,
  Value,
  whereTokens,
} from "./where-tokens.ts";

// Embedded actions rather than CST + visitor: the actions only build plain AST nodes, and
// skipping the CST keeps parsing within the speed target of the parse benchmark.
/** The `where` grammar of LANGUAGE.md 2.2; one instance, reused for every parse. */
export class WhereParser extends QueryParser {
  constructor() {
    super("where", whereTokens);
    this.performSelfAnalysis();
  }

  public where = this.RULE("where", (): WhereExpression => this.SUBRULE(this.disjunction));

  private disjunction = this.RULE("disjunction", (): WhereExpression => {
    const first = this.SUBRULE(this.conjunction);
    let operands: WhereExpression[] | undefined;
    this.MANY(() => {
      const keyword = this.CONSUME(Or);
      this.ACTION(() => this.requireSpaceAround(keyword));
      const next = this.SUBRULE2(this.conjunction);
      this.ACTION(() => {
        operands ??= [first];
        if (next.kind === "or") operands.push(...next.operands);
        else operands.push(next);
      });
    });
    return this.ACTION(() => (operands ? this.junction("or", operands) : first));
  });

  private conjunction = this.RULE("conjunction", (): WhereExpression => {
    const first = this.SUBRULE(this.term);
    let operands: WhereExpression[] | undefined;
    this.MANY(() => {
      const keyword = this.CONSUME(And);
      this.ACTION(() => this.requireSpaceAround(keyword));
      const next = this.SUBRULE2(this.term);
      this.ACTION(() => {
        operands ??= [first];
        if (next.kind === "and") operands.push(...next.operands);
        else operands.push(next);
      });
    });
    return this.ACTION(() => {
      if (!operands) return first;
      // An AND operand that is an AND can only come from parentheses; flatten it (2.6).
      const flat = operands.flatMap((o) => (o.kind === "and" ? o.operands : [o]));
      return this.junction("and", flat);
    });
  });

  private term = this.RULE(
    "term",
    (): WhereExpression =>
      this.OR([
        {
          ALT: () => {
            const open = this.CONSUME(LParen);
            this.ACTION(() => this.enter(open));
            const inner = this.SUBRULE(this.disjunction);
            this.CONSUME(RParen);
            this.ACTION(() => this.leave());
            return inner;
          },
        },
        { ALT: () => this.SUBRULE(this.predicate) },
      ]),
  );

  private predicate = this.RULE("predicate", (): WhereExpression => {
    const field = this.CONSUME(Path);
    return this.OR([
      {
        ALT: () => {
          const operator = this.CONSUME(Comparator);
          const value = this.CONSUME(Value);
          return this.ACTION(() => ({
            kind: "comparison" as const,
            path: this.path(field),
            operator: operator.image as ComparisonOperator,
            value: this.literal(value),
            span: { start: field.startOffset, end: end(value) },
          }));
        },
      },
      {
        ALT: () => {
          this.CONSUME(Tilde);
          const text = this.CONSUME(PatternText);
          return this.ACTION(() => this.pattern(field, text));
        },
      },
      {
        ALT: () => {
          this.CONSUME(In);
          const list = this.SUBRULE(this.list);
          return this.ACTION(() => this.inList(field, false, list));
        },
      },
      {
        ALT: () => {
          this.CONSUME(Not);
          this.CONSUME2(In);
          const list = this.SUBRULE2(this.list);
          return this.ACTION(() => this.inList(field, true, list));
        },
      },
      {
        ALT: () => {
          this.CONSUME(Is);
          const not = this.OPTION(() => this.CONSUME2(Not));
          const last = this.CONSUME(Null);
          return this.ACTION(() => ({
            kind: "isNull" as const,
            path: this.path(field),
            negated: not !== undefined,
            span: { start: field.startOffset, end: end(last) },
          }));
        },
      },
    ]);
  });

  private list = this.RULE("list", (): { values: LiteralNode[]; close: IToken } => {
    const values: LiteralNode[] = [];
    this.CONSUME(ListOpen);
    this.AT_LEAST_ONE_SEP({
      SEP: ListComma,
      DEF: () => {
        const value = this.CONSUME(Value);
        this.ACTION(() => values.push(this.literal(value)));
      },
    });
    const close = this.CONSUME(ListClose);
    return { values, close };
  });

  private junction(kind: "and" | "or", operands: WhereExpression[]): WhereExpression {
    const firstOperand = operands[0] as WhereExpression;
    const lastOperand = operands[operands.length - 1] as WhereExpression;
    return { kind, operands, span: { start: firstOperand.span.start, end: lastOperand.span.end } };
  }

  private path(token: IToken): PathNode {
    return {
      kind: "path",
      segments: token.image.split("."),
      span: { start: token.startOffset, end: end(token) },
    };
  }

  private literal(token: IToken): LiteralNode {
    const image = token.image;
    return {
      kind: "literal",
      text: image.charCodeAt(0) === 34 ? unquote(image) : image,
      span: { start: token.startOffset, end: end(token) },
    };
  }

  private inList(field: IToken, negated: boolean, list: { values: LiteralNode[]; close: IToken }) {
    return {
      kind: "in" as const,
      path: this.path(field),
      negated,
      values: list.values,
      span: { start: field.startOffset, end: end(list.close) },
    };
  }

  private pattern(field: IToken, token: IToken) {
    const image = token.image;
    const start = token.startOffset;
    const leading = image.charCodeAt(0) === 42;
    let trailing = image.length > 1 && image.charCodeAt(image.length - 1) === 42;
    let text: string;
    let textSpan = { start: leading ? start + 1 : start, end: end(token) - (trailing ? 1 : 0) };
    if (image.charCodeAt(leading ? 1 : 0) === 34) {
      text = unquote(image.slice(leading ? 1 : 0, trailing ? -1 : undefined));
    } else {
      if (leading && image.length === 1) trailing = false;
      textSpan = { start: leading ? start + 1 : start, end: end(token) - (trailing ? 1 : 0) };
      text = this.text.slice(textSpan.start, textSpan.end);
      const star = text.indexOf("*");
      if (star >= 0) {
        this.fail(
          "MISPLACED_WILDCARD",
          textSpan.start + star,
          1,
          'a "*" is a wildcard only at the start or end of a pattern; quote the text to match a literal "*"',
        );
      }
      if (text.length > 0 && "=!<>~".includes(text.charAt(0))) {
        this.fail(
          "UNEXPECTED_TOKEN",
          textSpan.start,
          1,
          `expected a pattern after "~" but found "${text.charAt(0)}"`,
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
    const name = keyword.image.toUpperCase();
    if (!isSpace(before)) {
      this.fail(
        "MISSING_WHITESPACE",
        keyword.startOffset,
        keyword.image.length,
        `expected white space before ${name}`,
      );
    }
    // At the end of input the missing operand is the error, reported by the parser.
    if (!Number.isNaN(after) && !isSpace(after)) {
      this.fail("MISSING_WHITESPACE", end(keyword), 1, `expected white space after ${name}`);
    }
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}
