// Deterministic artefact records shaped like the API's artefact resource (grammar/language.md 4), for
// the predicate benchmark: a seeded PRNG, so every run filters the same data and no data file is
// committed.
import type { LargeTerm } from "./predicate-filters.ts";
import { Random } from "./random.ts";

/** An artefact as the API returns it, plus the `status` and `owner` the filters use. */
export interface Artefact {
  readonly id: number;
  /** A file or folder name with its directory: `src/main/java/com/acme/core/Foo12.java`. */
  readonly name: string;
  /** The directory the artefact sits in: `src/main/java/com/acme/core`. */
  readonly path: string;
  readonly type: { readonly id: "FOLDER" | "FILE" | "CLASS" };
  /** 0 to 5, two decimals. */
  readonly rank: number;
  readonly status: "OPEN" | "NEW" | "CLOSED" | "FIXED";
  /** Absent on about 30% of the records, null on about 10%. */
  readonly owner?: string | null;
}

/** The value of a field of the large filter: what its comparison or pattern reads. */
export type LargeValue = string | number | null;

/**
 * An artefact that also carries the fields of the large filter (bench/parse-filters.ts):
 * `fN` at the top level, and `gN` objects holding `sub`.
 */
export interface LargeArtefact extends Artefact {
  readonly [field: `f${number}`]: LargeValue;
  readonly [field: `g${number}`]: { readonly sub: LargeValue } | null;
}

/** What the generator produces. */
export interface ArtefactsOptions {
  readonly count: number;
  readonly seed: number;
}

export const DEFAULT_ARTEFACTS: ArtefactsOptions = { count: 200_000, seed: 0xa47e };

/** The name every `name="My ""big"" project"` match carries. */
export const BIG_PROJECT = 'My "big" project';

// Directories and the extension of the files in them; two of them start with "src/main dir".
const DIRECTORIES: readonly (readonly [dir: string, ext: string, weight: number])[] = [
  ["src/main/java/com/acme/core", ".java", 14],
  ["src/main/java/com/acme/web", ".java", 10],
  ["src/test/java/com/acme/core", ".java", 8],
  ["src/main dir/java/x", ".java", 3],
  ["src/main/ts/app", ".ts", 10],
  ["src/main/ts/app/components", ".ts", 8],
  ["src/main dir/ts/ui", ".ts", 3],
  ["test/ts/app", ".ts", 5],
  ["docs/guide", ".md", 8],
  ["docs/adr", ".md", 4],
  ["scripts/py/tools", ".py", 9],
  ["lib/py/qa", ".py", 9],
];
const BASES = ["Foo", "Bar", "Main", "Parser", "Index", "Service", "Util", "Report", "Readme"];
const FOLDER_NAMES = ["model", "api", "impl", "internal", "fixtures", "assets", "generated"];
const TYPES = [
  ["FOLDER", 15],
  ["FILE", 45],
  ["CLASS", 40],
] as const;
const STATUSES = ["OPEN", "NEW", "CLOSED", "FIXED"] as const;
const OWNERS = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan"];

function artefact(random: Random, id: number): Artefact {
  const [dir, ext] = random.weighted(
    DIRECTORIES.map(([d, e, weight]) => [[d, e] as const, weight] as const),
  );
  const typeId = random.weighted(TYPES);
  let name: string;
  let path = dir;
  if (random.chance(0.005)) {
    name = BIG_PROJECT;
    path = "projects";
  } else if (typeId === "FOLDER") {
    name = `${dir}/${random.pick(FOLDER_NAMES)}${random.int(0, 99)}`;
  } else {
    name = `${dir}/${random.pick(BASES)}${random.int(0, 999)}${ext}`;
  }
  const type = { id: typeId };
  const rank = random.int(0, 500) / 100;
  const status = random.pick(STATUSES);
  // Two literal shapes, as JSON gives: `owner` absent (30%), or present (a name, or null).
  if (random.chance(0.3)) return { id, name, path, type, rank, status };
  const owner = random.chance(1 / 7) ? null : random.pick(OWNERS);
  return { id, name, path, type, rank, status, owner };
}

/** Generates `count` artefacts; the same options always give the same artefacts. */
export function generateArtefacts(options: ArtefactsOptions = DEFAULT_ARTEFACTS): Artefact[] {
  const random = new Random(options.seed);
  const artefacts: Artefact[] = [];
  for (let i = 0; i < options.count; i++) artefacts.push(artefact(random, 1 + i));
  return artefacts;
}

/** Share of the large filter's values that are null, and of the others that satisfy the term. */
const LARGE_NULL_SHARE = 0.2;
const LARGE_MATCH_SHARE = 0.7;

/** A value for a term's field that satisfies the term (`match`) or not. */
function largeValue(random: Random, term: LargeTerm, match: boolean): LargeValue {
  const { literal } = term;
  const n = Number(literal);
  switch (term.kind) {
    case "eq":
      return match ? literal : `w${term.index}`;
    case "ne":
      return match ? `u${term.index}` : literal;
    case "ge":
      return match ? n + random.int(0, 2) : n - random.int(1, 2);
    case "gt":
      return match ? n + random.int(1, 3) : n - random.int(0, 2);
    case "lt":
      return match ? n - random.int(1, 3) : n + random.int(0, 2);
    case "le":
      return match ? n - random.int(0, 2) : n + random.int(1, 3);
    case "endsWith":
      return match ? `item-${literal}` : `${literal}-item`;
    case "startsWith":
      return match ? `${literal}-item` : `item-${literal}`;
    case "contains":
      return match ? `item-${literal}-end` : "item-end";
  }
}

/**
 * The artefacts with the fields of the large filter added after their own, one value per
 * term: null for 20% (for a `gN.sub` term, `gN` itself or its `sub`), otherwise a value of the
 * term's type that satisfies the term 70% of the time. Built with `Object.fromEntries` in one key
 * order, so records keep V8's fast properties and share two hidden classes (owner present or
 * absent), as JSON of one resource does; keyed stores would turn them into dictionaries.
 */
export function withLargeFields(
  artefacts: readonly Artefact[],
  terms: readonly LargeTerm[],
  seed: number = DEFAULT_ARTEFACTS.seed ^ 0x1a46e,
): LargeArtefact[] {
  const random = new Random(seed);
  return artefacts.map((base) => {
    const entries: [string, unknown][] = Object.entries(base);
    for (const term of terms) {
      const isNull = random.chance(LARGE_NULL_SHARE);
      const value = isNull ? null : largeValue(random, term, random.chance(LARGE_MATCH_SHARE));
      const [top, sub] = term.path as readonly [string, "sub"?];
      if (sub === undefined) entries.push([top, value]);
      else entries.push([top, isNull && random.chance(0.5) ? null : { sub: value }]);
    }
    // The entries are the artefact's own plus one per term, as the interface says.
    return Object.fromEntries(entries) as unknown as LargeArtefact;
  });
}
