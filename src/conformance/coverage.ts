// What a conformance run exercised, counted as it goes, and what the served data cannot
// exercise: a pass over thin data must not read as a pass over everything.
import { WHERE_KEYWORDS, type WhereExpression } from "../ast/where.ts";
import { operatorOf } from "../ast/where-grammar.ts";
import { valueAtPath } from "../base/members.ts";
import { listScalarFields } from "../schema/scalar-fields.ts";
import type { Schema } from "../schema/schema.ts";

/** Counts by name: how many requests exercised each. */
export type Tally = Readonly<Record<string, number>>;

/** What one run exercised, by kind; each count is of requests sent. */
export interface ConformanceCoverage {
  /** Requests sent in all, fixed checks and probes included. */
  readonly requests: number;
  /**
   * Predicates sent, by operator: `=`, `!=`, `<`, `<=`, `>`, `>=`, `~` (contains), `~x*`
   * (starts with), `~*x` (ends with), `IN`, `NOT IN`, `IS NULL`, `IS NOT NULL`, `AND`, `OR`.
   */
  readonly operators: Tally;
  /** Predicates sent by the type of the field they name: `string`, `number`, `date`, …. */
  readonly valueTypes: Tally;
  /**
   * Spellings sent (grammar/language.md 1.2, 2.2, 3.1): `canonical`, `lower-case keyword`,
   * `mixed-case keyword`, `quoted value`, `extra white space`, `parentheses`, `dotted fields`,
   * `parenthesised fields`, `repeated field`.
   */
  readonly spellings: Tally;
  /** Answers received, by HTTP status. */
  readonly statuses: Tally;
  /** Error codes the server was checked on (each sent at least once and answered). */
  readonly errorCodes: Tally;
  /** Page links checked, by name, and `past the end` for pages after the last. */
  readonly links: Tally;
  /** Token checks run: `missing`, `malformed`, `unknown`, `Basic`, `revoked`, `idle`, `expired`. */
  readonly tokens: Tally;
  /** Keywords sent in each letter case (grammar/language.md 2.1), by the spelling sent: `AND`, `and`, `And`, `aNd`. */
  readonly keywordSpellings: Tally;
  /** Keywords sent with the white space before or after them left out (2.2): `before AND`, `after IN`. */
  readonly keywordSpacing: Tally;
  /** The merge rules of a selection sent (3.2): `a path then its parent`, `a repeated name`, …. */
  readonly mergeRules: Tally;
  /** Limits sent at and one past their value (1.4, 6.3), as `where length 8192`, `where length 8193`. */
  readonly limits: Tally;
  /** `Accept-Language` headers sent (6.11), by what they ask: `q-values`, `q=0`, `*`, `a region`. */
  readonly languageNegotiation: Tally;
  /** What the data or the options kept the run from exercising, one sentence each. */
  readonly warnings: readonly string[];
}

/** The tallies of the fixed probes that the grammar's tables name (grammar-probes.ts). */
export type GrammarTable =
  | "keywordSpellings"
  | "keywordSpacing"
  | "mergeRules"
  | "limits"
  | "languageNegotiation";

const KEYWORDS = new RegExp(`(?<=^|[\\s()])(${[...WHERE_KEYWORDS].join("|")})(?=[\\s()]|$)`, "gi");

function add(tally: Record<string, number>, name: string, by = 1): void {
  tally[name] = (tally[name] ?? 0) + by;
}

/** A pattern's shape, as the coverage report names its operator. */
const PATTERN_SHAPES = { contains: "~", startsWith: "~x*", endsWith: "~*x" } as const;

/** Counts what a run sends and receives. */
export class CoverageTally {
  requests = 0;
  readonly operators: Record<string, number> = {};
  readonly valueTypes: Record<string, number> = {};
  readonly spellings: Record<string, number> = {};
  readonly statuses: Record<string, number> = {};
  readonly errorCodes: Record<string, number> = {};
  readonly links: Record<string, number> = {};
  readonly tokens: Record<string, number> = {};
  readonly grammar: Record<GrammarTable, Record<string, number>> = {
    keywordSpellings: {},
    keywordSpacing: {},
    mergeRules: {},
    limits: {},
    languageNegotiation: {},
  };
  readonly warnings: string[] = [];

  readonly #typeOf: (path: readonly string[]) => string | undefined;

  constructor(typeOf: (path: readonly string[]) => string | undefined) {
    this.#typeOf = typeOf;
  }

  answered(status: number): void {
    this.requests++;
    add(this.statuses, String(status));
  }

  /** Counts a filter's operators and value types, and how its text was spelt. */
  filter(where: WhereExpression, text: string, canonical: string): void {
    const walk = (node: WhereExpression): void => {
      if (node.kind === "and" || node.kind === "or") {
        add(this.operators, node.kind.toUpperCase());
        node.operands.forEach(walk);
        return;
      }
      add(
        this.operators,
        node.kind === "pattern" ? PATTERN_SHAPES[node.mode] : operatorOf(node).text,
      );
      if (node.kind === "isNull") return;
      add(this.valueTypes, this.#typeOf(node.path.segments) ?? "unknown");
    };
    walk(where);
    if (text === canonical) {
      add(this.spellings, "canonical");
      return;
    }
    const outside = text.replace(/"(?:[^"]|"")*"/g, '""');
    for (const [, word] of outside.matchAll(KEYWORDS)) {
      const kind =
        word === word?.toUpperCase()
          ? undefined
          : word === word?.toLowerCase()
            ? "lower-case keyword"
            : "mixed-case keyword";
      if (kind) add(this.spellings, kind);
    }
    if (/"/.test(text) && (text.match(/"/g)?.length ?? 0) > (canonical.match(/"/g)?.length ?? 0)) {
      add(this.spellings, "quoted value");
    }
    if (/\s{2}|[\t\r\n]/.test(outside) || /^\s|\s$|[(]\s|\s[)=<>!~,]|[=<>~,]\s/.test(outside)) {
      add(this.spellings, "extra white space");
    }
    if (
      (outside.match(/\(/g)?.length ?? 0) >
      (canonical.replace(/"(?:[^"]|"")*"/g, '""').match(/\(/g)?.length ?? 0)
    ) {
      add(this.spellings, "parentheses");
    }
  }

  /** Counts how a selection's text was spelt. */
  fields(text: string, canonical: string): void {
    if (text === canonical) {
      add(this.spellings, "canonical fields");
      return;
    }
    if (/\./.test(text)) add(this.spellings, "dotted fields");
    if (/\(/.test(text)) add(this.spellings, "parenthesised fields");
    const items = text
      .split(/[,()]/)
      .map((item) => item.trim())
      .filter(Boolean);
    if (new Set(items).size < items.length) add(this.spellings, "repeated field");
    if (/\s/.test(text)) add(this.spellings, "extra white space in fields");
  }

  link(name: string): void {
    add(this.links, name);
  }

  errorCode(code: string): void {
    add(this.errorCodes, code);
  }

  token(check: string): void {
    add(this.tokens, check);
  }

  /** Counts a fixed probe of one of the grammar's tables. */
  probed(table: GrammarTable, name: string): void {
    add(this.grammar[table], name);
  }

  warn(warning: string): void {
    if (!this.warnings.includes(warning)) this.warnings.push(warning);
  }

  report(): ConformanceCoverage {
    const sorted = (tally: Record<string, number>) =>
      Object.fromEntries(Object.entries(tally).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return {
      requests: this.requests,
      operators: sorted(this.operators),
      valueTypes: sorted(this.valueTypes),
      spellings: sorted(this.spellings),
      statuses: sorted(this.statuses),
      errorCodes: sorted(this.errorCodes),
      links: sorted(this.links),
      tokens: sorted(this.tokens),
      keywordSpellings: sorted(this.grammar.keywordSpellings),
      keywordSpacing: sorted(this.grammar.keywordSpacing),
      mergeRules: sorted(this.grammar.mergeRules),
      limits: sorted(this.grammar.limits),
      languageNegotiation: sorted(this.grammar.languageNegotiation),
      warnings: [...this.warnings],
    };
  }
}

/**
 * What the records cannot exercise, one warning each: no null or missing value in a field the
 * filters name, no date, no text beyond ASCII, none above U+FFFF or in U+E000–U+FFFF (where
 * UTF-16 and code point order part), fewer records than a page.
 */
export function dataWarnings(
  records: readonly unknown[],
  schema: Schema,
  defaultSize: number,
): string[] {
  const warnings: string[] = [];
  const fields = listScalarFields(schema);
  const values = (segments: readonly string[]) =>
    records.map((record) => valueAtPath(record, segments));
  const all = fields.map(({ path, type }) => ({ type, values: values(path) }));
  if (records.length === 0) return ["the list is empty: no filter can select anything"];
  if (all.every(({ values }) => values.every((value) => value !== null))) {
    warnings.push(
      "no record lacks a value: null handling (IS NULL, != and NOT IN on null) is not exercised",
    );
  }
  if (!all.some(({ type, values }) => type === "date" && values.some((v) => v !== null))) {
    warnings.push("no date value: days, zones and midnight are not exercised");
  }
  const texts = all.flatMap(({ values }) =>
    values.filter((v): v is string => typeof v === "string"),
  );
  if (!texts.some((text) => /[\u0080-\u{10FFFF}]/u.test(text))) {
    warnings.push(
      "no text beyond ASCII: code point order and case rules of other scripts are not exercised",
    );
  }
  if (!texts.some((text) => /[\u{10000}-\u{10FFFF}\uE000-\uFFFF]/u.test(text))) {
    warnings.push(
      "no character above U+FFFF or in U+E000–U+FFFF: where UTF-16 order and code point order part is not exercised",
    );
  }
  if (records.length <= defaultSize) {
    warnings.push(
      `${records.length} records, no more than a default page (${defaultSize}): the default page size is not exercised`,
    );
  }
  return warnings;
}
