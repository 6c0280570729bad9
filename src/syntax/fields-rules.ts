import type { IToken } from "chevrotain";
import type { FieldItemNode, FieldsNode } from "../ast/fields.ts";
import { FIELDS_GRAMMAR } from "../ast/fields-grammar.ts";
import { expectedIn } from "../ast/grammar-table.ts";
import type { PathNode } from "../ast/where.ts";
import { MAX_SELECTION_DEPTH } from "../base/limits.ts";
import { CHARACTERS } from "./character-codes.ts";
import { FieldsClose, FieldsComma, FieldsOpen, fieldsTokens } from "./fields-tokens.ts";
import { endOf, QueryRules } from "./query-rules.ts";
import { Path } from "./shared-tokens.ts";

const { DOT } = CHARACTERS;
const LINKS = "_links";

/** The `fields` grammar of grammar/language.md 3.1; one instance, reused for every parse. */
export class FieldsRules extends QueryRules {
  /** How many names the selection being parsed lies below (`a.b(…)`: two). */
  private names = 0;

  constructor() {
    super("fields", fieldsTokens, expectedIn(FIELDS_GRAMMAR, "segment", 0));
    this.performSelfAnalysis();
  }

  override begin(text: string, tokens: IToken[], maxDepth: number): void {
    super.begin(text, tokens, maxDepth);
    this.names = 0;
  }

  public fields = this.RULE("fields", (): FieldsNode => {
    const items: FieldItemNode[] = [];
    this.AT_LEAST_ONE_SEP({
      SEP: FieldsComma,
      DEF: () => {
        const item = this.SUBRULE(this.item);
        this.ACTION(() => items.push(item));
      },
    });
    return this.ACTION(() => ({
      kind: "fields" as const,
      items,
      span: {
        start: (items[0] as FieldItemNode).span.start,
        end: (items[items.length - 1] as FieldItemNode).span.end,
      },
    }));
  });

  private item = this.RULE("item", (): FieldItemNode => {
    const name = this.CONSUME(Path);
    this.ACTION(() => this.checkPathEnd(name));
    const links = this.ACTION(() => this.checkLinks(name));
    const below = this.ACTION(() => this.checkNames(name));
    const selection = this.OPTION(() => {
      const open = this.CONSUME(FieldsOpen);
      const above = this.ACTION(() => {
        this.enter(open);
        if (links) this.failLinks(open);
        const saved = this.names;
        this.names = below;
        return saved;
      });
      const inner = this.SUBRULE(this.fields);
      const close = this.CONSUME(FieldsClose);
      this.ACTION(() => {
        this.leave();
        this.names = above;
      });
      return { inner, close };
    });
    return this.ACTION(() => {
      const path: PathNode = {
        kind: "path",
        segments: name.image.split("."),
        span: { start: name.startOffset, end: endOf(name) },
      };
      return {
        kind: "fieldItem" as const,
        path,
        selection: selection ? selection.inner : null,
        span: { start: name.startOffset, end: selection ? endOf(selection.close) : endOf(name) },
      };
    });
  });

  /**
   * Fails at the first name past `MAX_SELECTION_DEPTH` (`a.b` is `a(b)`, 3.2), so that every
   * projection stays within the call stack; returns how many names deep the path ends.
   */
  private checkNames(name: IToken): number {
    const image = name.image;
    let names = this.names;
    for (let start = 0; start < image.length; ) {
      const dot = image.indexOf(".", start);
      const end = dot === -1 ? image.length : dot;
      if (++names > MAX_SELECTION_DEPTH) {
        this.fail(
          "NESTING_TOO_DEEP",
          name.startOffset + start,
          end - start,
          `the selection reaches more than ${MAX_SELECTION_DEPTH} names deep`,
        );
      }
      start = end + 1;
    }
    return names;
  }

  /** Fails on `_links.x`; tells whether the path ends in `_links` (3.2). */
  private checkLinks(name: IToken): boolean {
    const image = name.image;
    let at = image.indexOf(LINKS);
    while (at >= 0) {
      const boundaryBefore = at === 0 || image.charCodeAt(at - 1) === DOT;
      const after = at + LINKS.length;
      if (boundaryBefore && after === image.length) return true;
      if (boundaryBefore && image.charCodeAt(after) === DOT) {
        this.fail(
          "LINKS_SUBSELECTION",
          name.startOffset + after + 1,
          image.length - after - 1,
          'nothing can be selected inside "_links", which is always kept whole',
        );
      }
      at = image.indexOf(LINKS, at + 1);
    }
    return false;
  }

  private failLinks(open: IToken): never {
    return this.fail(
      "LINKS_SUBSELECTION",
      open.startOffset,
      1,
      'nothing can be selected inside "_links", which is always kept whole',
    );
  }
}
