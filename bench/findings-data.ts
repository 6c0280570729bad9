// Deterministic findings shaped like the API's finding resource (grammar/language.md 4), for the
// projection benchmark: a seeded PRNG, so every run projects the same data and no data file is
// committed.
import { Random } from "./random.ts";

/** A `_links` value as the API writes it: at least `self`. */
export interface Links {
  readonly self: { readonly href: string };
}

export interface Level {
  readonly id: string;
  readonly name: string;
  readonly color: string;
  readonly _links: Links;
}

export interface Scale {
  readonly id: string;
  readonly name: string;
  readonly _links: Links;
}

export interface Category {
  readonly id: string;
  readonly name: string;
  readonly level: Level;
  readonly scale: Scale;
  readonly _links: Links;
}

export interface Family {
  readonly id: string;
  readonly name: string;
  readonly _links: Links;
}

export interface Definition {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly categories: readonly Category[];
  readonly families: readonly (string | Family)[];
  readonly _links: Links;
}

export interface Artefact {
  readonly id: number;
  readonly name: string;
  readonly path: string;
  readonly type: { readonly id: string };
  readonly _links: Links;
}

export interface Location {
  readonly artefact: Artefact;
  readonly line: number;
  readonly column: number;
  readonly _links: Links;
}

export interface Finding {
  readonly id: number;
  /** The API's findings have no name; a few generated ones do, to exercise a present key. */
  readonly name?: string;
  readonly tool: string;
  readonly status: string;
  readonly readOnly: boolean;
  readonly suspicious: boolean;
  readonly definition: Definition;
  readonly locations: readonly Location[];
  readonly _links: Links;
}

/** What the generator produces, and the share of findings that carry a top-level `name`. */
export interface FindingsOptions {
  readonly count: number;
  readonly seed: number;
  /** Probability that a finding has a `name` key (placed right after `id`). */
  readonly namedShare: number;
}

export const DEFAULT_FINDINGS: FindingsOptions = { count: 100_000, seed: 0x5eed, namedShare: 0.1 };

const WORDS = [
  "unused",
  "variable",
  "null",
  "pointer",
  "dereference",
  "resource",
  "leak",
  "missing",
  "override",
  "cyclomatic",
  "complexity",
  "duplicate",
  "block",
  "magic",
  "number",
  "empty",
  "catch",
  "deprecated",
  "call",
  "buffer",
  "overflow",
  "tainted",
  "input",
  "format",
  "string",
  "naming",
  "convention",
  "comment",
  "density",
  "dead",
  "code",
] as const;

const TOOLS = ["PMD", "Checkstyle", "SpotBugs", "ESLint", "Clang-Tidy", "Pylint", "Sonar"];
const STATUSES = ["OPEN", "CONFIRMED", "FIXED", "FALSE_POSITIVE", "WONT_FIX"];
const LEVELS = [
  ["LOW", "Low severity", "#4caf50"],
  ["MEDIUM", "Medium severity", "#ffc107"],
  ["HIGH", "High severity", "#ff5722"],
  ["CRITICAL", "Critical severity", "#b71c1c"],
] as const;
const SCALES = [
  ["SEVERITY", "Severity scale"],
  ["MAINTAINABILITY", "Maintainability scale"],
  ["RELIABILITY", "Reliability scale"],
  ["SECURITY", "Security scale"],
] as const;
const FILE_TYPES = ["FILE", "CLASS", "FUNCTION", "MODULE"];
const EXTENSIONS = [".java", ".ts", ".c", ".py", ".cpp"];

class Generator extends Random {
  /** Words joined by `separator`, cut to a length in [min, max] (10–60 by default). */
  text(separator = " ", min = 10, max = 60): string {
    const length = this.int(min, max);
    let out = this.pick(WORDS);
    while (out.length < length) out += separator + this.pick(WORDS);
    return out.slice(0, length);
  }

  links(href: string): Links {
    return { self: { href } };
  }

  category(): Category {
    const [levelId, levelName, color] = this.pick(LEVELS);
    const [scaleId, scaleName] = this.pick(SCALES);
    const id = `CAT_${this.text("_", 10, 24).toUpperCase()}`;
    return {
      id,
      name: this.text(),
      level: {
        id: levelId,
        name: levelName,
        color,
        _links: this.links(`/api/levels/${levelId}`),
      },
      scale: { id: scaleId, name: scaleName, _links: this.links(`/api/scales/${scaleId}`) },
      _links: this.links(`/api/categories/${id}`),
    };
  }

  family(): string | Family {
    if (this.chance(0.5)) return this.text("-", 10, 30);
    const id = this.text("-", 10, 30);
    return { id, name: this.text(), _links: this.links(`/api/families/${id}`) };
  }

  definition(): Definition {
    const id = `${this.pick(TOOLS).toLowerCase()}.${this.text("-", 10, 40)}`;
    const categories: Category[] = [];
    for (let i = this.int(1, 4); i > 0; i--) categories.push(this.category());
    const families: (string | Family)[] = [];
    for (let i = this.int(0, 3); i > 0; i--) families.push(this.family());
    return {
      id,
      name: this.text(),
      description: this.text(),
      categories,
      families,
      _links: this.links(`/api/definitions/${id}`),
    };
  }

  location(): Location {
    const id = this.int(1, 9_999_999);
    const name = `${this.text("_", 8, 24)}${this.pick(EXTENSIONS)}`;
    const artefact: Artefact = {
      id,
      name,
      path: `src/${this.text("/", 4, 24)}/${name}`, // 19 to 57 characters
      type: { id: this.pick(FILE_TYPES) },
      _links: this.links(`/api/artefacts/${id}`),
    };
    const line = this.int(1, 5000);
    return {
      artefact,
      line,
      column: this.int(1, 120),
      _links: this.links(`/api/artefacts/${id}/lines/${line}`),
    };
  }

  finding(id: number, named: boolean): Finding {
    const tool = this.pick(TOOLS);
    const status = this.pick(STATUSES);
    const readOnly = this.chance(0.1);
    const suspicious = this.chance(0.2);
    const definition = this.definition();
    const locations: Location[] = [];
    for (let i = this.int(1, 5); i > 0; i--) locations.push(this.location());
    const _links = this.links(`/api/findings/${id}`);
    // Two literal shapes, as an API client would get from JSON: `name` after `id` when present.
    return named
      ? {
          id,
          name: this.text(),
          tool,
          status,
          readOnly,
          suspicious,
          definition,
          locations,
          _links,
        }
      : { id, tool, status, readOnly, suspicious, definition, locations, _links };
  }
}

/** Generates `count` findings; the same options always give the same findings. */
export function generateFindings(options: FindingsOptions = DEFAULT_FINDINGS): Finding[] {
  const generator = new Generator(options.seed);
  const findings: Finding[] = [];
  for (let i = 0; i < options.count; i++) {
    findings.push(generator.finding(100_000 + i, generator.chance(options.namedShare)));
  }
  return findings;
}
