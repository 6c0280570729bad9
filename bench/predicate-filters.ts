// The four filters of the parse benchmark (bench/parse-filters.ts) as the predicate benchmark
// evaluates them: qaql's text, and the closest equivalent in each peer's own syntax.
import {
  defineSchema,
  type FieldType,
  type Schema,
  type SchemaShape,
  schemas,
} from "../src/index.ts";
import { largeFilter, PARSE_FILTERS } from "./parse-filters.ts";

/** A MongoDB-style query, as sift and mingo both take it. */
export type MongoQuery = Readonly<Record<string, unknown>>;

/** A filter in qaql syntax and its closest equivalent in each peer's syntax. */
export interface PredicateFilter {
  readonly name: string;
  readonly qaql: string;
  /** filtrex: an expression, with the options of `FILTREX_OPTIONS` in the bench. */
  readonly filtrex: string;
  /** liqe: Lucene-like query text. */
  readonly liqe: string;
  /** sift and mingo: one MongoDB query object. */
  readonly mongo: MongoQuery;
  /** Whether it reads the large filter's fields, so runs over the records that carry them. */
  readonly large: boolean;
  /** Where a peer cannot say exactly the same thing, what was written instead. */
  readonly notes: readonly string[];
}

function parseText(name: string): string {
  const filter = PARSE_FILTERS.find((f) => f.name === name);
  if (!filter) throw new Error(`bench/parse-filters.ts has no ${name} filter`);
  return filter.qaql;
}

const small: PredicateFilter = {
  name: "small",
  qaql: parseText("small"),
  filtrex: 'type.id == "FOLDER" and rank >= 2',
  liqe: 'type.id:"FOLDER" AND rank:>=2',
  mongo: { "type.id": "FOLDER", rank: { $gte: 2 } },
  large: false,
  notes: [],
};

const medium: PredicateFilter = {
  name: "medium",
  qaql: parseText("medium"),
  filtrex:
    '(name ~= "[.]java$" or name ~= "[.]ts$") and rank >= 2 and status in ("OPEN", "NEW") ' +
    "and exists(owner)",
  liqe:
    'name:/\\.(?:java|ts)$/ AND rank:>=2 AND (status:"OPEN" OR status:"NEW") AND owner:* AND ' +
    "NOT owner:null",
  mongo: {
    $or: [{ name: { $regex: /\.java$/ } }, { name: { $regex: /\.ts$/ } }],
    rank: { $gte: 2 },
    status: { $in: ["OPEN", "NEW"] },
    owner: { $ne: null },
  },
  large: false,
  notes: [
    "medium: no peer has a suffix test, so `~*.java` is a regular expression (`[.]java$` in " +
      "filtrex, `/\\.java$/` in Mongo; liqe takes one regex for both, see below); IN is " +
      "filtrex's `in` and Mongo's `$in`; IS NOT NULL is `exists(owner)` in filtrex and " +
      "`$ne: null` in Mongo (all exact).",
    "medium, liqe: no IN list, so an OR chain of quoted phrases (a phrase is a case-sensitive " +
      "substring test, not equality); IS NOT NULL is `owner:* AND NOT owner:null`, since liqe " +
      "tests the text String(value) and `NOT owner:null` alone is true when owner is absent — " +
      "it rejects an empty-string owner, which IS NOT NULL accepts (none in the data). liqe's " +
      "parser reports any query with two regexes as ambiguous, so the two suffix tests are one " +
      "regex, `name:/\\.(?:java|ts)$/`; its wildcard `name:*.java` would be the unanchored, " +
      "case-insensitive `/(.+?).java/`, true for every folder under `src/main/java`.",
  ],
};

const quoted: PredicateFilter = {
  name: "quoted",
  qaql: parseText("quoted"),
  filtrex: 'name == "My \\"big\\" project" or path ~= "^src/main dir"',
  liqe: 'name:"My \\"big\\" project" OR path:/^src\\/main dir/',
  mongo: { $or: [{ name: 'My "big" project' }, { path: { $regex: /^src\/main dir/ } }] },
  large: false,
  notes: [
    "quoted: the prefix pattern is the regex `^src/main dir` in every peer; liqe's quoted " +
      'phrase `name:"My \\"big\\" project"` (its parse-benchmark form) is a case-sensitive ' +
      "substring test, not equality, and its one regex goes to the prefix.",
  ],
};

// The large filter: the generator of bench/parse-filters.ts, term by term, so each peer can be
// written from it; `LARGE_TERMS` rendered in qaql syntax is checked to be `largeFilter()`'s text.

/** The nine term shapes, in the order bench/parse-filters.ts cycles through them. */
const KINDS = ["eq", "ge", "endsWith", "ne", "lt", "startsWith", "le", "gt", "contains"] as const;

/** What a term of the large filter tests. */
export type TermKind = (typeof KINDS)[number];

/** One comparison or pattern of the large filter. */
export interface LargeTerm {
  /** Its position i in the filter; the literals are built from it. */
  readonly index: number;
  readonly kind: TermKind;
  /** `fi`, or `gi.sub` for every fifth term. */
  readonly path: readonly string[];
  /** The literal's text: `vi` (= and !=), `i` (orderings) or `xi` (patterns). */
  readonly literal: string;
}

export const LARGE_COUNT = 40;

function largeTerm(index: number): LargeTerm {
  const kind = KINDS[index % KINDS.length] as TermKind;
  const path = index % 5 !== 4 ? [`f${index}`] : [`g${index}`, "sub"];
  const literal =
    kind === "eq" || kind === "ne"
      ? `v${index}`
      : kind === "endsWith" || kind === "startsWith" || kind === "contains"
        ? `x${index}`
        : String(index);
  return { index, kind, path, literal };
}

/** The terms of the large filter, in order. */
export const LARGE_TERMS: readonly LargeTerm[] = Array.from({ length: LARGE_COUNT }, (_, i) =>
  largeTerm(i),
);

/** The conjunctions the large filter ORs together: every fourth joiner is OR (parse-filters). */
export const LARGE_GROUPS: readonly (readonly LargeTerm[])[] = LARGE_TERMS.reduce<LargeTerm[][]>(
  (groups, term) => {
    if (term.index % 4 === 0) groups.push([]);
    groups[groups.length - 1]?.push(term);
    return groups;
  },
  [],
);

const QAQL_TERM: Readonly<Record<TermKind, (path: string, literal: string) => string>> = {
  eq: (p, l) => `${p}=${l}`,
  ge: (p, l) => `${p}>=${l}`,
  endsWith: (p, l) => `${p}~*${l}`,
  ne: (p, l) => `${p}!=${l}`,
  lt: (p, l) => `${p}<${l}`,
  startsWith: (p, l) => `${p}~${l}*`,
  le: (p, l) => `${p}<=${l}`,
  gt: (p, l) => `${p}>${l}`,
  contains: (p, l) => `${p}~${l}`,
};

const FILTREX_TERM: Readonly<Record<TermKind, (path: string, literal: string) => string>> = {
  eq: (p, l) => `${p} == "${l}"`,
  ge: (p, l) => `${p} >= ${l}`,
  endsWith: (p, l) => `${p} ~= "${l}$"`,
  ne: (p, l) => `${p} != "${l}"`,
  lt: (p, l) => `${p} < ${l}`,
  startsWith: (p, l) => `${p} ~= "^${l}"`,
  le: (p, l) => `${p} <= ${l}`,
  gt: (p, l) => `${p} > ${l}`,
  contains: (p, l) => `${p} ~= "${l}"`,
};

const LIQE_TERM: Readonly<Record<TermKind, (path: string, literal: string) => string>> = {
  eq: (p, l) => `${p}:"${l}"`,
  ge: (p, l) => `${p}:>=${l}`,
  endsWith: (p, l) => `${p}:*${l}`,
  ne: (p, l) => `${p}:* AND NOT ${p}:null AND NOT ${p}:"${l}"`,
  lt: (p, l) => `${p}:<${l}`,
  startsWith: (p, l) => `${p}:${l}*`,
  le: (p, l) => `${p}:<=${l}`,
  gt: (p, l) => `${p}:>${l}`,
  contains: (p, l) => `${p}:"${l}"`,
};

const MONGO_TERM: Readonly<Record<TermKind, (literal: string) => unknown>> = {
  eq: (l) => l,
  ge: (l) => ({ $gte: Number(l) }),
  endsWith: (l) => ({ $regex: new RegExp(`${l}$`) }),
  ne: (l) => ({ $nin: [l, null] }),
  lt: (l) => ({ $lt: Number(l) }),
  startsWith: (l) => ({ $regex: new RegExp(`^${l}`) }),
  le: (l) => ({ $lte: Number(l) }),
  gt: (l) => ({ $gt: Number(l) }),
  contains: (l) => ({ $regex: new RegExp(l) }),
};

/** Joins the groups with OR and each group's terms with AND; peers get explicit parentheses. */
function renderGroups(
  render: (term: LargeTerm) => string,
  and: string,
  or: string,
  parenthesize: boolean,
): string {
  return LARGE_GROUPS.map((group) => {
    const text = group.map(render).join(and);
    return parenthesize ? `(${text})` : text;
  }).join(or);
}

function buildLarge(): PredicateFilter {
  const qaql = renderGroups(
    (t) => QAQL_TERM[t.kind](t.path.join("."), t.literal),
    " AND ",
    " OR ",
    false,
  );
  const parseText = largeFilter(LARGE_COUNT).qaql;
  if (qaql !== parseText) {
    throw new Error(
      `the large filter differs from bench/parse-filters.ts:\n  ${qaql}\n  ${parseText}`,
    );
  }
  return {
    name: "large",
    qaql,
    filtrex: renderGroups(
      (t) => FILTREX_TERM[t.kind](t.path.join("."), t.literal),
      " and ",
      " or ",
      true,
    ),
    liqe: renderGroups(
      (t) => LIQE_TERM[t.kind](t.path.join("."), t.literal),
      " AND ",
      " OR ",
      true,
    ),
    // The terms of a group name distinct fields, so each group is one query object (implicit AND).
    mongo: {
      $or: LARGE_GROUPS.map((group) =>
        Object.fromEntries(group.map((t) => [t.path.join("."), MONGO_TERM[t.kind](t.literal)])),
      ),
    },
    large: true,
    notes: [
      `large: the 40-term filter of bench/parse-filters.ts, unchanged; its fields fN and gN.sub ` +
        "are given to the records (see the data line); each peer's version is written from the " +
        "same terms, with each conjunction parenthesized.",
      "large: patterns are regular expressions in filtrex and Mongo; `f!=v` is `$nin: [v, null]` " +
        "in Mongo (a bare `$ne` matches null and absent fields).",
      "large, liqe (one regex per query at most, see medium): `f=v` and `f~x` are quoted " +
        'phrases `f:"v"` (case-sensitive substring: exact for `~x`, looser than `=`); `f~*x` ' +
        "and `f~x*` are wildcards `f:*x` and `f:x*`, the unanchored case-insensitive regexes " +
        "`/(.+?)x/` and `/x(.+?)/` (x after, or before, at least one character: not a suffix or " +
        "prefix test, though on this data the counts agree); `f!=v` is `f:* AND NOT f:null AND " +
        'NOT f:"v"` (`NOT f:v` alone is true for null).',
    ],
  };
}

/** The four filters, in the order of the parse benchmark. */
export const PREDICATE_FILTERS: readonly PredicateFilter[] = [small, medium, quoted, buildLarge()];

/** A normalized field type written back in the notation `defineSchema` reads. */
function shapeOf(type: FieldType): SchemaShape {
  switch (type.kind) {
    case "object":
      if (type.fields === null) return "object";
      return Object.fromEntries(
        Object.entries(type.fields).map(([name, field]) => [name, shapeOf(field)]),
      );
    case "array":
      return type.items === null ? "array" : [shapeOf(type.items)];
    default:
      return type.kind;
  }
}

const TERM_TYPE: Readonly<Record<TermKind, "string" | "number">> = {
  eq: "string",
  ne: "string",
  endsWith: "string",
  startsWith: "string",
  contains: "string",
  ge: "number",
  gt: "number",
  lt: "number",
  le: "number",
};

/**
 * `schemas.artefact` extended for the bench: `status` and `owner` strings, and the large
 * filter's fields (`fN` string or number by the term's kind, `gN` an object with `sub`).
 */
export const BENCH_SCHEMA: Schema = defineSchema({
  ...(shapeOf(schemas.artefact) as Record<string, SchemaShape>),
  status: "string",
  owner: "string",
  ...Object.fromEntries(
    LARGE_TERMS.map((t) => {
      const [top, sub] = t.path as readonly [string, string?];
      const type = TERM_TYPE[t.kind];
      return [top, sub === undefined ? type : { [sub]: type }];
    }),
  ),
});
