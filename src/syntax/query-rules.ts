import { EmbeddedActionsParser, type IToken, type TokenType } from "chevrotain";
import { describeCharacter } from "../errors/characters.ts";
import { type QueryLanguage, QuerySyntaxError, type SyntaxErrorCode } from "../errors/errors.ts";
import { CHARACTERS } from "./character-codes.ts";

const { DOT } = CHARACTERS;

/** The offset just past a token (the lexers track start offsets only). */
export const endOf = (token: IToken): number => token.startOffset + token.image.length;

/**
 * What the parsers of both languages share: the text being parsed, parenthesis depth against
 * the limit, and errors raised from actions. One instance per language, reused.
 */
export abstract class QueryRules extends EmbeddedActionsParser {
  protected text = "";
  private maxDepth = 0;
  private depth = 0;

  protected readonly language: QueryLanguage;
  /** What may follow a path's last dot, as the language's grammar table names it. */
  private readonly afterDot: readonly string[];

  constructor(language: QueryLanguage, tokens: TokenType[], afterDot: readonly string[]) {
    super(tokens, { recoveryEnabled: false, maxLookahead: 1 });
    this.language = language;
    this.afterDot = afterDot;
  }

  /** Prepares a parse of `tokens`, lexed from `text`. */
  begin(text: string, tokens: IToken[], maxDepth: number): void {
    this.text = text;
    this.maxDepth = maxDepth;
    this.depth = 0;
    this.input = tokens;
  }

  /** Forgets the text of the last parse. */
  release(): void {
    this.text = "";
  }

  /** The parenthesis depth reached, for error messages. */
  get nesting(): number {
    return this.depth;
  }

  /** Counts an opening parenthesis, failing past the depth limit (grammar/language.md 1.4). */
  protected enter(open: IToken): void {
    if (++this.depth > this.maxDepth) {
      this.fail(
        "NESTING_TOO_DEEP",
        open.startOffset,
        1,
        `parentheses nest deeper than the limit of ${this.maxDepth} levels`,
      );
    }
  }

  /** Counts a closing parenthesis. */
  protected leave(): void {
    this.depth--;
  }

  /**
   * Fails on a path that ends in a dot (the token takes one, `a.`): the first place after which
   * no input can go on is the character after it, which must start a field name (5).
   */
  protected checkPathEnd(path: IToken): void {
    const image = path.image;
    if (image.charCodeAt(image.length - 1) !== DOT) return;
    const at = endOf(path);
    const next = this.text.codePointAt(at);
    const expected = [...this.afterDot];
    const wanted = `expected ${expected.join(" or ")} after "."`;
    if (next === undefined) this.fail("UNEXPECTED_END", at, 0, wanted, expected);
    const char = String.fromCodePoint(next);
    const description = `${wanted} but found ${describeCharacter(char)}`;
    this.fail("UNEXPECTED_TOKEN", at, char.length, description, expected);
  }

  protected fail(
    code: SyntaxErrorCode,
    offset: number,
    length: number,
    description: string,
    expected?: readonly string[],
  ): never {
    throw new QuerySyntaxError({
      language: this.language,
      input: this.text,
      code,
      offset,
      length,
      description,
      ...(expected ? { expected } : {}),
    });
  }
}
