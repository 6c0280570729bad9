import { type IToken, type TokenType, tokenMatcher } from "chevrotain";
import type { FieldsState } from "../ast/fields-grammar.ts";
import type { WhereState } from "../ast/where-grammar.ts";
import { FieldsComma, FieldsOpen } from "./fields-tokens.ts";
import { Path } from "./shared-tokens.ts";
import {
  And,
  Comparator,
  In,
  Is,
  ListBareValue,
  ListComma,
  ListOpen,
  ListQuotedValue,
  LParen,
  Not,
  Or,
  PatternOperator,
} from "./where-tokens.ts";

/**
 * The state of the where grammar table (ast/where-grammar.ts) after the token `previous`, the
 * token before it being `beforePrevious`; the parser's errors and completion both read it.
 */
export function whereStateAfter(
  previous: IToken | undefined,
  beforePrevious: IToken | undefined,
): WhereState {
  if (!previous) return "operand";
  const is = (type: TokenType) => tokenMatcher(previous, type);
  if (is(LParen) || is(And) || is(Or)) return "operand";
  if (is(Path)) return "operator";
  if (is(Comparator) || is(ListOpen) || is(ListComma)) return "value";
  if (is(PatternOperator)) return "pattern";
  if (is(In)) return "list";
  if (is(Is)) return "afterIs";
  if (is(Not))
    return beforePrevious && tokenMatcher(beforePrevious, Is) ? "afterIsNot" : "afterNot";
  if (is(ListQuotedValue) || is(ListBareValue)) return "afterListValue";
  return "afterOperand";
}

/** The state of the fields grammar table (ast/fields-grammar.ts) after the token `previous`. */
export function fieldsStateAfter(previous: IToken | undefined): FieldsState {
  if (!previous || tokenMatcher(previous, FieldsOpen) || tokenMatcher(previous, FieldsComma)) {
    return "item";
  }
  return tokenMatcher(previous, Path) ? "named" : "closed";
}
