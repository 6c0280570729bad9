import fc from "fast-check";
import { seededChoices } from "../arbitraries/choices.ts";
import { fieldsArbitrary, TIME_ZONES, whereArbitrary } from "../arbitraries/index.ts";
import type { FieldsNode } from "../ast/fields.ts";
import { NO_SPAN } from "../ast/span.ts";
import { ConformanceError } from "../errors/conformance-error.ts";
import { InvalidOptionError } from "../errors/invalid-input.ts";
import { listScalarFields } from "../schema/scalar-fields.ts";
import type { Schema } from "../schema/schema.ts";
import type { ConformanceCheck } from "./checks.ts";
import {
  type Disagreement,
  type Found,
  finish,
  type Row,
  type Settings,
  type Views,
} from "./context.ts";
import { type ConformanceCoverage, dataWarnings } from "./coverage.ts";
import { fetchViews } from "./fetch-views.ts";
import {
  checkErrors,
  checkLifetimes,
  checkPaging,
  checkRevoking,
  fixedCheckNames,
  LIFETIME_CHECKS,
  REVOKING_CHECK,
} from "./fixed-checks.ts";
import { checkGrammar } from "./grammar-probes.ts";
import { type ConformanceCase, check, fieldsText } from "./list-check.ts";
import { probesFor, selectionProbes } from "./probes.ts";
import { referenceEvaluate } from "./reference-evaluate.ts";
import { CALLER, type ConformanceOptions, readSettings } from "./settings.ts";

export type { ConformanceCheck, ConformanceCheckOutcome } from "./checks.ts";
export type { Disagreement } from "./context.ts";
export type { ConformanceCoverage, Tally } from "./coverage.ts";
export { MOST_PAGES, MOST_RECORD_CHARS } from "./fetch-views.ts";
export type { ConformanceAsker, ConformanceCase } from "./list-check.ts";
export type { EvaluationVector, ListVector } from "./repro.ts";
export type { ConformanceOptions, ConformanceUserView } from "./settings.ts";

/** What every report holds. */
interface ReportBase {
  /** Generated requests sent (until the first disagreement, shrinking aside). */
  readonly runs: number;
  /** Probes sent (until the first disagreement). */
  readonly probes: number;
  /** The seed that repeats the run. */
  readonly seed: number;
  /** Records of the list fetched before the run, by the first user. */
  readonly records: number;
  /** The resource the list's answers name, given or taken from the route. */
  readonly resource: string;
  /** The users whose tokens were given. */
  readonly users: number;
  /** What the run exercised (up to the disagreement), and what the data cannot exercise. */
  readonly coverage: ConformanceCoverage;
  /**
   * Every check of the run, in the order it makes them, with its outcome: each fixed check, the
   * probes of each field, the selection probes, the `size=1` walk, the generated requests (one
   * check: fast-check draws them anew from each seed) and the token lifetimes; those the first
   * disagreement kept from running are `not reached`, those the options or data leave out
   * `left out`. A replay (`path`) makes only the generated request.
   */
  readonly checks: readonly ConformanceCheck[];
}

/** The server matched the reference on every request. */
export interface ConformanceAgreement extends ReportBase {
  readonly agrees: true;
}

/**
 * The server answered a request differently: the first such request; a generated one is shrunk
 * to a minimal one, a fixed check or a probe is minimal already.
 */
export interface ConformanceDisagreement extends ReportBase {
  readonly agrees: false;
  /**
   * With `seed`, replays the shrunk generated request alone: `runConformance({ …, seed, path })`;
   * empty when a fixed check or a probe disagreed, which the same seed repeats.
   */
  readonly path: string;
  /** Shrinking steps from the first disagreement to this one. */
  readonly shrinks: number;
  /** The request, with what was expected and received, as `curl`, and as a vector when it can be. */
  readonly disagreement: Disagreement;
}

/** The outcome of `runConformance`: agreement over every request, or the first disagreement. */
export type ConformanceReport = ConformanceAgreement | ConformanceDisagreement;

/** Cases drawn for the fetched records: filters use their values, pages fall inside the result or just past it. */
function casesFor(
  views: Views,
  schema: Schema,
  timeZones: readonly string[],
): fc.Arbitrary<ConformanceCase> {
  const users = views.views.length;
  const languages = views.views[0]?.length ?? 1;
  const asker = {
    user: fc.integer({ min: 0, max: users - 1 }),
    language: fc.integer({ min: 0, max: languages - 1 }),
  };
  // Literals come from every record any user saw, in any language.
  const records = views.views.flat(2);
  // Two texts in three are spelt as a user might (keyword case, quotes, white space); shrinking goes to the canonical one.
  const spelling = fc.option(fc.integer(), { nil: undefined, freq: 3 });
  const list: fc.Arbitrary<ConformanceCase> = fc.record({
    ...asker,
    kind: fc.constant("list" as const),
    where: fc.option(whereArbitrary(schema, { records }), { nil: undefined, freq: 6 }),
    whereSpelling: spelling,
    fields: fc.option(fieldsArbitrary(schema), { nil: undefined, freq: 2 }),
    fieldsSpelling: spelling,
    // Most pages inside the result, one in five past its end.
    pageAt: fc.option(
      fc.oneof(
        { weight: 4, arbitrary: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) },
      ),
      { nil: undefined, freq: 6 },
    ),
    size: fc.integer({ min: 1, max: 25 }),
    timeZone:
      timeZones.length === 0
        ? fc.constant(undefined)
        : fc.option(fc.constantFrom(...timeZones), { nil: undefined, freq: 2 }),
  });
  const withIds = records.filter(
    (record) => typeof record.id === "number" || typeof record.id === "string",
  );
  if (withIds.length < records.length || records.length === 0) return list;
  const item: fc.Arbitrary<ConformanceCase> = fc.record({
    ...asker,
    kind: fc.constant("item" as const),
    index: fc.nat(),
    fields: fc.option(fieldsArbitrary(schema), { nil: undefined, freq: 2 }),
    fieldsSpelling: spelling,
  });
  if (views.hidden.every((rows) => rows.length === 0)) {
    return fc.oneof({ weight: 6, arbitrary: list }, { weight: 1, arbitrary: item });
  }
  const hidden: fc.Arbitrary<ConformanceCase> = fc.record({
    ...asker,
    kind: fc.constant("hidden" as const),
    index: fc.nat(),
  });
  return fc.oneof(
    { weight: 6, arbitrary: list },
    { weight: 1, arbitrary: item },
    { weight: 1, arbitrary: hidden },
  );
}

const DEFAULT_PROBES = 1000;
/** A walk with `size=1` pins each item's position: it covers results of at most this many. */
const MOST_WALKED = 30;

/** The selection of probes and walks: the ids alone, when the schema has them, to keep answers small. */
function idsOnly(schema: Schema): FieldsNode | undefined {
  if (!Object.hasOwn(schema.fields, "id")) return undefined;
  const path = { kind: "path" as const, segments: ["id"], span: NO_SPAN };
  return {
    kind: "fields",
    items: [{ kind: "fieldItem", path, selection: null, span: NO_SPAN }],
    span: NO_SPAN,
  };
}

/** Shuffles in place with `pick`, for a deterministic sample of the probes. */
function shuffle<T>(items: T[], pick: (n: number) => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** The check of the selection probes. */
const SELECTIONS_CHECK = "selections of two members of one object, or of one some records lack";
/** The check of the `size=1` walk. */
const WALK_CHECK = "a size=1 walk through a small result, and two pages past its end";
/** The check of the generated requests: one, as fast-check draws them anew from each seed. */
const GENERATED_CHECK = "generated filters, selections and pages";

/** The check a probe belongs to: the probes of its field. */
const probeCheck = (path: readonly string[]) => `probes on ${path.join(".")}`;

/** A case sent once before the generated ones, and the check it belongs to. */
interface Sweep {
  readonly kind: "probes" | "walk";
  readonly check: string;
  readonly testCase: ConformanceCase;
}

/**
 * The cases sent once before the generated ones: the probes, each on the whole result in one
 * page, then a walk through one small result with `size=1`, past its end included, so that each
 * item's position and every page's links are checked.
 */
async function sweepCases(
  views: Views,
  settings: Settings,
  timeZones: readonly string[],
  seed: number,
  most: number,
): Promise<Sweep[]> {
  if (most === 0) return [];
  const records = views.views[0]?.[0] ?? [];
  const choices = seededChoices(seed);
  const pick = (n: number) => choices.pick(n);
  const fields = idsOnly(settings.schema);
  const size = Math.min(settings.maxSize, 1000);
  const probes = shuffle(probesFor(records, settings.schema, timeZones, pick), pick).slice(0, most);
  const cases: ConformanceCase[] = probes.map(({ where, timeZone }) => ({
    kind: "list",
    user: 0,
    language: 0,
    where,
    whereSpelling: pick(3) === 0 ? undefined : pick(0x7fffffff),
    fields,
    fieldsSpelling: undefined,
    pageAt: undefined,
    size,
    timeZone,
  }));
  // Each selection as written, `a.x,a.y` (found among the first spellings), and canonical.
  for (const selection of selectionProbes(settings.schema, records)) {
    const name = selection.items.at(-1)?.path.segments[0] as string;
    const split = new RegExp(`(^|,)\\s*${name}\\s*\\.[^,]*,\\s*${name}\\s*\\.`);
    const seeds = Array.from({ length: 64 }, (_, i) => i);
    const spelt = seeds.find((seed) => split.test(fieldsText(selection, seed)));
    for (const fieldsSpelling of new Set([spelt, undefined])) {
      cases.push({
        kind: "list",
        user: 0,
        language: 0,
        where: undefined,
        whereSpelling: undefined,
        fields: selection,
        fieldsSpelling,
        pageAt: undefined,
        size,
        timeZone: undefined,
      });
    }
  }
  const walk = await walkCases(cases, records, settings);
  return [
    ...cases.map((testCase, i) => {
      const probe = probes[i];
      return {
        kind: "probes" as const,
        check: probe ? probeCheck(probe.where.path.segments) : SELECTIONS_CHECK,
        testCase,
      };
    }),
    ...zoneSweeps(views, settings, pick, most),
    ...walk.map((testCase) => ({ kind: "walk" as const, check: WALK_CHECK, testCase })),
  ];
}

/** The most probes of one user's zone. */
const MOST_ZONE_PROBES = 100;

/**
 * For each other user with a zone of its own (6.11), the probes whose days fall either side of
 * midnight there, sent as that user without a `timezone` header: dates read in any other zone
 * (UTC, the server's) keep other records.
 */
function zoneSweeps(
  views: Views,
  settings: Settings,
  pick: (n: number) => number,
  most: number,
): Sweep[] {
  const sweeps: Sweep[] = [];
  settings.users.forEach((user, index) => {
    const zone = user.timeZone;
    if (index === 0 || zone === undefined) return;
    const records = views.views[index]?.[0] ?? [];
    const schema = user.filterSchema;
    const inZone = probesFor(records, schema, [zone], pick).filter(
      (probe) => probe.timeZone === zone,
    );
    for (const probe of inZone.slice(0, Math.min(most, MOST_ZONE_PROBES))) {
      sweeps.push({
        kind: "probes",
        check: `${probeCheck(probe.where.path.segments)}, as user ${index + 1} in its zone`,
        testCase: {
          kind: "list",
          user: index,
          language: 0,
          where: probe.where,
          whereSpelling: undefined,
          fields: idsOnly(settings.schema),
          fieldsSpelling: undefined,
          pageAt: undefined,
          size: Math.min(settings.maxSize, 1000),
          timeZone: undefined,
        },
      });
    }
  });
  return sweeps;
}

type ListCase = Extract<ConformanceCase, { kind: "list" }>;

/**
 * A `size=1` walk through one small result, and two pages past its end: the whole list when it
 * is small, else the first probe's result that holds from 3 to `MOST_WALKED` records.
 */
async function walkCases(
  cases: readonly ConformanceCase[],
  records: readonly Row[],
  settings: Settings,
): Promise<ListCase[]> {
  const totalOf = async (probe: ListCase) =>
    probe.where === undefined
      ? records.length
      : (
          await referenceEvaluate(records, {
            where: probe.where,
            fields: undefined,
            page: 1,
            size: 1,
            paginated: true,
            resource: settings.resource,
            timeZone: probe.timeZone ?? "UTC",
            schema: settings.schema,
          })
        ).total;
  const whole: ListCase = {
    kind: "list",
    user: 0,
    language: 0,
    where: undefined,
    whereSpelling: undefined,
    fields: undefined,
    fieldsSpelling: undefined,
    pageAt: undefined,
    size: 1,
    timeZone: undefined,
  };
  let walk = records.length <= MOST_WALKED ? whole : undefined;
  let total = records.length;
  for (const probe of cases) {
    if (walk) break;
    if (probe.kind !== "list" || probe.where === undefined) continue;
    total = await totalOf(probe);
    if (total >= 3 && total <= MOST_WALKED) walk = probe;
  }
  if (walk === undefined) return [];
  const pages = Math.max(1, total);
  const inside = Array.from({ length: pages }, (_, i) => (i + 0.5) / pages);
  const from = walk;
  return [...inside, 1, 2].map((pageAt) => ({ ...from, fields: undefined, pageAt, size: 1 }));
}

/** The check of the probes the grammar's tables name (grammar-probes.ts). */
const GRAMMAR_CHECK = "the grammar's probes: error codes, keywords, limits, merge rules, languages";

/** Lists the checks of a whole run in the order it makes them, and those it leaves out. */
function planChecks(
  settings: Settings,
  seed: number,
  sweeps: readonly Sweep[],
  mostProbes: number,
): void {
  const { checks, credentials, advanceClock } = settings;
  const noCredentials = "no credentials were given";
  for (const name of fixedCheckNames(settings, seed)) checks.plan("fixed", name);
  if (!credentials) checks.leaveOut("fixed", REVOKING_CHECK, noCredentials);
  if (mostProbes > 0) checks.plan("probes", GRAMMAR_CHECK);
  // The probes of each field in the schema's order, whatever order the seed sends them in.
  const fields = listScalarFields(settings.schema).map(({ path }) => probeCheck(path));
  const rank = (sweep: Sweep) => {
    const at = fields.indexOf(sweep.check);
    return at === -1 ? fields.length : at;
  };
  for (const sweep of [...sweeps].sort((a, b) => rank(a) - rank(b))) {
    checks.plan(sweep.kind, sweep.check);
  }
  if (mostProbes === 0) checks.leaveOut("probes", "probes", "no probes were asked for");
  else if (!sweeps.some((sweep) => sweep.kind === "walk")) {
    checks.leaveOut("walk", WALK_CHECK, `no result of 3 to ${MOST_WALKED} records to walk`);
  }
  checks.plan("generated", GENERATED_CHECK);
  for (const name of LIFETIME_CHECKS) {
    if (credentials && advanceClock) checks.plan("fixed", name);
    else {
      const why = credentials ? "the server's clock cannot be moved (advanceClock)" : noCredentials;
      checks.leaveOut("fixed", name, why);
    }
  }
}

/**
 * Checks a live server against the reference semantics: fetches every record of the resource
 * once; sends the fixed checks (page sizes, errors, tokens), the probes (filters whose literals
 * sit next to the data), a `size=1` walk, then generated filters, selections and pages
 * (fast-check) in many spellings, comparing each answer with the reference evaluation of the
 * same records; a disagreement among the generated requests is shrunk to a minimal one. Throws
 * an InvalidOptionError (or UnknownTimeZoneError) for options it cannot run with, before any
 * request, and a ConformanceError when the server cannot be read.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const settings = readSettings(options);
  const mostProbes = options.probes ?? DEFAULT_PROBES;
  if (!(Number.isSafeInteger(mostProbes) && mostProbes >= 0)) {
    throw new InvalidOptionError(
      CALLER,
      "probes",
      `must be a whole number, not ${String(mostProbes)}`,
    );
  }
  const views = await fetchViews(settings);
  const records = views.views[0]?.[0] ?? [];
  const { coverage, resource } = settings;
  const seed = options.seed ?? Date.now() ^ (Math.random() * 0x100000000);
  const timeZones = options.timeZones ?? TIME_ZONES;
  for (const warning of dataWarnings(records, settings.schema, settings.defaultSize)) {
    coverage.warn(warning);
  }
  if (!settings.credentials) {
    coverage.warn(
      "no credentials: GET /token and revoking a token with DELETE /token are not checked",
    );
  } else if (!settings.advanceClock) {
    coverage.warn(
      "the server's clock cannot be moved (advanceClock): idle and expired tokens are not checked",
    );
  }
  const base = { seed, records: records.length, resource, users: settings.tokens.length };
  const { checks } = settings;
  let runs = 0;
  let probes = 0;
  const report = (found: Found | undefined, path = "", shrinks = 0): ConformanceReport => {
    if (found === undefined) {
      return {
        agrees: true,
        ...base,
        runs,
        probes,
        coverage: coverage.report(),
        checks: checks.report(),
      };
    }
    checks.disagree();
    return {
      agrees: false,
      ...base,
      runs,
      probes,
      path,
      shrinks,
      disagreement: finish(found),
      coverage: coverage.report(),
      checks: checks.report(),
    };
  };

  // A path replays one generated case; an empty one (a fixed check's or a probe's) the whole run.
  const replaying = options.path !== undefined && options.path !== "";
  const sweeps = replaying ? [] : await sweepCases(views, settings, timeZones, seed, mostProbes);
  if (replaying) checks.plan("generated", GENERATED_CHECK);
  else planChecks(settings, seed, sweeps, mostProbes);
  if (!replaying) {
    const fixed =
      (await checkPaging(settings, records)) ??
      (await checkErrors(settings, seed)) ??
      (await checkRevoking(settings));
    if (fixed) return report(fixed);
    const countProbe = () => {
      probes++;
      options.onRequest?.(probes);
    };
    if (mostProbes > 0) {
      checks.begin(GRAMMAR_CHECK);
      const grammar = await checkGrammar(views, settings, countProbe);
      if (grammar) return report(grammar);
    }
    for (const { check: name, testCase: sweep } of sweeps) {
      countProbe();
      checks.begin(name);
      const found = await check(sweep, views, settings);
      if (!found) continue;
      // A probe is one predicate already; shrinking it leaves only its spelling, when that is not the bug.
      const plain =
        sweep.kind === "list" && sweep.whereSpelling !== undefined
          ? await check({ ...sweep, whereSpelling: undefined }, views, settings)
          : undefined;
      return report(plain ?? found);
    }
  }
  // A server the kit cannot read ends the run: it is no case to shrink, each try as slow.
  let unreadable: ConformanceError | undefined;
  const property = fc.asyncProperty(
    casesFor(views, settings.schema, timeZones),
    async (testCase) => {
      if (unreadable) return true;
      runs++;
      options.onRequest?.(probes + runs);
      checks.begin(GENERATED_CHECK);
      try {
        return (await check(testCase, views, settings)) === undefined;
      } catch (error) {
        if (!(error instanceof ConformanceError)) throw error;
        unreadable = error;
        return true;
      }
    },
  );
  const details = await fc.check(property, {
    numRuns: options.runs ?? 100,
    seed,
    ...(replaying && { path: options.path }),
  });
  if (unreadable) throw unreadable;
  if (details.errorInstance && !details.counterexample) throw details.errorInstance;
  runs = details.numRuns;
  if (!details.failed || !details.counterexample) {
    return report(replaying ? undefined : await checkLifetimes(settings));
  }
  const [minimal] = details.counterexample;
  const found = await check(minimal, views, settings);
  if (found === undefined) {
    throw new ConformanceError(
      "SERVER_NOT_DETERMINISTIC",
      settings.base,
      "the server answered the shrunk case differently on a second try: is it deterministic?",
    );
  }
  return report(found, details.counterexamplePath ?? "", details.numShrinks);
}
