// compileFields projecting 100,000 generated findings, against a hand-written projection of the
// same selection (the floor) and against json-mask, the closest peer (Google-style partial
// responses). One operation is one full pass over the findings.
import { inspect, isDeepStrictEqual } from "node:util";
import mask from "json-mask";
import { compileFields } from "../src/index.ts";
import { DEFAULT_FINDINGS, type Finding, generateFindings } from "./findings-data.ts";
import {
  type BenchCase,
  type Benchmark,
  type BenchOptions,
  compare,
  formatMicros,
  formatOps,
  formatRatio,
  formatSpread,
  formatTable,
  type Measurement,
  printHeading,
} from "./harness.ts";
import { projectFindingByHand, projectFindingLiteral } from "./projection-floor.ts";

/** The selection projected, in qaql's syntax (grammar/language.md 3.1). */
export const SELECTION =
  "id,name,definition(id,categories(level(id,name),scale.name)),locations(artefact(id,path))";

/**
 * The same selection for json-mask: `/` nests instead of `.`, and `_links` is named at every
 * level, since json-mask keeps only what the mask names while 3.2 keeps `_links` on every object.
 */
export const JSON_MASK =
  "id,name,_links,definition(id,_links,categories(level(id,name,_links),scale(name,_links)," +
  "_links)),locations(artefact(id,path,_links),_links)";

/** The speed targets of the projection benchmark. */
export const PROJECTION_TARGETS = {
  /** compileFields may take at most this many times the hand-written projection's time. */
  maxHandRatio: 1.3,
  /** compileFields may take at most this many times the literal projection's (issue 32 §3). */
  maxLiteralRatio: 1.5,
  /** json-mask must take at least this many times compileFields' time. */
  minJsonMaskRatio: 2,
} as const;

/** The informative second measurement: a slice small enough for its results to die young. */
const SLICE_SIZE = 1_000;
const SLICE_PASSES = 100;

const QAQL = "qaql compileFields";
const HAND = "hand-written (floor)";
const LITERAL = "object literals for the records' shape";
const MASK_LIST = "json-mask mask(list, text)";
const MASK_ITEMS = "json-mask filter per item";

/** Where json-mask's semantics differ from 3.2: a record, a selection, both results. */
interface Probe {
  readonly what: string;
  readonly record: unknown;
  readonly selection: string;
  readonly mask: string;
}

const PROBES: readonly Probe[] = [
  {
    what: "array elements that are not objects, under a sub-selection",
    record: { a: ["text", { b: 1, c: 2 }, 7, true, 0, "", null] },
    selection: "a(b)",
    mask: "a(b)",
  },
  {
    what: "an array whose elements are all non-empty strings, under a sub-selection",
    record: { a: ["x", "y"], d: 1 },
    selection: "a(b),d",
    mask: "a(b),d",
  },
  {
    what: "a scalar value under a sub-selection",
    record: { s: "text", n: 5, t: true, z: 0 },
    selection: "s(b),n(b),t(b),z(b)",
    mask: "s(b),n(b),t(b),z(b)",
  },
  {
    what: "key order: the record's (3.2) or the mask's",
    record: { a: 1, b: 2 },
    selection: "b,a",
    mask: "b,a",
  },
  {
    what: "a key inherited from Object.prototype",
    record: { a: 1 },
    selection: "a,constructor",
    mask: "a,constructor",
  },
  {
    what: "a non-plain object (a Date) under a sub-selection",
    record: { d: new Date(0) },
    selection: "d(b)",
    mask: "d(b)",
  },
  {
    what: "_links not named in the mask",
    record: {
      a: { b: 1, c: 2, _links: { self: { href: "/a" } } },
      _links: { self: { href: "/" } },
    },
    selection: "a(b)",
    mask: "a(b)",
  },
];

function countBy<T>(items: readonly T[], size: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += size(item);
  return total;
}

/**
 * Throws unless qaql and the floor agree on every finding, values and key order alike, and
 * json-mask agrees up to key order; returns what was checked, for the report.
 */
function verify(findings: readonly Finding[]): string[] {
  const project = compileFields(SELECTION);
  const compiledMask = mask.compile(JSON_MASK);
  const qaqlOut = findings.map(project);
  const handOut = findings.map(projectFindingByHand);
  const literalOut = findings.map(projectFindingLiteral);
  const maskList = mask(findings, JSON_MASK);
  const maskItems = findings.map((finding) => mask.filter(finding, compiledMask));
  if (!Array.isArray(maskList) || maskList.length !== findings.length) {
    throw new Error("json-mask did not return one result per finding");
  }

  let maskOrderDiffers = 0;
  for (let i = 0; i < findings.length; i++) {
    const q = qaqlOut[i];
    const h = handOut[i];
    const qJson = JSON.stringify(q);
    if (qJson !== JSON.stringify(h) || !isDeepStrictEqual(q, h)) {
      throw new Error(
        `finding ${i}: compileFields and the hand-written projection differ\n` +
          `  qaql: ${qJson}\n  hand: ${JSON.stringify(h)}`,
      );
    }
    if (qJson !== JSON.stringify(literalOut[i])) {
      throw new Error(`finding ${i}: compileFields and the literal projection differ`);
    }
    // isDeepStrictEqual compares objects' keys as sets: key order is ignored, as intended here.
    const m = maskList[i];
    if (!isDeepStrictEqual(q, m) || !isDeepStrictEqual(q, maskItems[i])) {
      throw new Error(
        `finding ${i}: compileFields and json-mask differ beyond key order\n` +
          `  qaql:      ${qJson}\n  json-mask: ${JSON.stringify(m)}`,
      );
    }
    if (qJson !== JSON.stringify(m)) maskOrderDiffers++;
  }

  const qaqlBytes = countBy(qaqlOut, (value) => JSON.stringify(value).length);
  return [
    `${findings.length.toLocaleString("en-US")} findings: compileFields output deep-equals the ` +
      "hand-written output with the same key order (JSON.stringify equal) for every finding, " +
      "and the literal projection's",
    "json-mask output (both ways of calling it) deep-equals compileFields output for every " +
      `finding, key order aside; its key order differs on ${maskOrderDiffers.toLocaleString("en-US")}` +
      " findings",
    `projected JSON: ${Math.round(qaqlBytes / findings.length)} bytes per finding on average`,
  ];
}

/** One line, key order shown, functions and dates included (JSON.stringify hides them). */
function show(value: unknown): string {
  return inspect(value, { depth: null, breakLength: Number.POSITIVE_INFINITY });
}

/** Runs each probe through compileFields and json-mask; one footnote line per difference. */
function probeJsonMask(): string[] {
  const notes: string[] = [];
  for (const probe of PROBES) {
    const qaql = show(compileFields(probe.selection)(probe.record));
    const peer = show(mask(probe.record, probe.mask));
    if (qaql === peer) continue;
    notes.push(
      `${probe.what}: ${show(probe.record)} with "${probe.selection}" gives ` +
        `${qaql} in qaql; json-mask "${probe.mask}" gives ${peer}`,
    );
  }
  return notes;
}

function describeData(findings: readonly Finding[]): string {
  const categories = countBy(findings, (f) => f.definition.categories.length);
  const locations = countBy(findings, (f) => f.locations.length);
  const named = countBy(findings, (f) => (f.name === undefined ? 0 : 1));
  let bytes = 0;
  for (const finding of findings) bytes += JSON.stringify(finding).length;
  const n = findings.length;
  return (
    `${n.toLocaleString("en-US")} findings (seed 0x${DEFAULT_FINDINGS.seed.toString(16)}), ` +
    `${(bytes / 1e6).toFixed(0)} MB as JSON (${Math.round(bytes / n)} bytes each); ` +
    `${(categories / n).toFixed(2)} categories and ${(locations / n).toFixed(2)} locations per ` +
    `finding on average; ${((100 * named) / n).toFixed(1)}% have a top-level name`
  );
}

function byName(results: readonly Measurement[], name: string): Measurement {
  const found = results.find((r) => r.name === name);
  if (!found) throw new Error(`missing the ${name} measurement`);
  return found;
}

/** Prints the table of one set of passes; returns the qaql and hand-written measurements. */
function printPassTable(
  results: readonly Measurement[],
  findingsPerOp: number,
): { qaql: Measurement; hand: Measurement } {
  const qaql = byName(results, QAQL);
  const hand = byName(results, HAND);
  const rows = results.map((r) => [
    r.name,
    formatMs(r.nsPerOp),
    formatOps((findingsPerOp * 1e9) / r.nsPerOp),
    formatSpread(r.spread),
    String(r.batches),
    formatRatio(r.nsPerOp / hand.nsPerOp),
    formatRatio(r.nsPerOp / qaql.nsPerOp),
  ]);
  console.log(
    formatTable(
      [
        { header: "contestant", align: "left" },
        { header: "ms/100k" },
        { header: "findings/s" },
        { header: "±" },
        { header: "batches" },
        { header: "vs hand" },
        { header: "vs qaql" },
      ],
      rows,
    ),
  );
  return { qaql, hand };
}

function formatMs(ns: number): string {
  const ms = ns / 1e6;
  return ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);
}

async function run(options: BenchOptions): Promise<void> {
  printHeading("projection: compileFields vs a hand-written projection and json-mask");
  console.log(`selection: ${SELECTION}`);
  console.log(`json-mask: ${JSON_MASK}`);

  const started = performance.now();
  const findings = generateFindings(DEFAULT_FINDINGS);
  const generatedMs = performance.now() - started;
  console.log(`data:      ${describeData(findings)} (generated in ${generatedMs.toFixed(0)} ms)`);

  console.log("\nChecks");
  for (const line of verify(findings)) console.log(`  ${line}`);

  // Compiled once, outside the timed loop; compile time is measured on its own below.
  const project = compileFields(SELECTION);
  const compiledMask = mask.compile(JSON_MASK);
  const passes = (items: readonly Finding[]): BenchCase[] => [
    { name: QAQL, fn: () => items.map(project) },
    { name: HAND, fn: () => items.map(projectFindingByHand) },
    { name: LITERAL, fn: () => items.map(projectFindingLiteral) },
    // json-mask's documented use: the whole response body and the mask text, in one call.
    { name: MASK_LIST, fn: () => mask(items, JSON_MASK) },
    // Its two halves: the mask compiled once, then each finding filtered.
    { name: MASK_ITEMS, fn: () => items.map((finding) => mask.filter(finding, compiledMask)) },
  ];

  console.log(
    `\nOne op = one pass over ${findings.length.toLocaleString("en-US")} findings, every result ` +
      `kept until the pass ends; median of batches over ~${options.timeMs} ms per case (at ` +
      'least one pass per batch); "vs hand" = time / hand-written time; "vs qaql" = time / ' +
      "qaql time (>1: qaql is faster)",
  );
  const results = compare(passes(findings), options);
  const { qaql, hand } = printPassTable(results, findings.length);

  // The same code where garbage collection costs little: results die young, so this isolates
  // what each contestant's own code costs (informative; the targets use the full passes).
  const slice = findings.slice(0, SLICE_SIZE);
  const sliceCases = passes(slice).map(
    ({ name, fn }): BenchCase => ({
      name,
      fn: () => {
        let last: unknown;
        for (let i = 0; i < SLICE_PASSES; i++) last = fn();
        return last;
      },
    }),
  );
  console.log(
    `\nThe same ${(SLICE_SIZE * SLICE_PASSES).toLocaleString("en-US")} projections as ` +
      `${SLICE_PASSES} passes over the first ${SLICE_SIZE.toLocaleString("en-US")} findings, ` +
      "each pass's results dropped: little GC and cache-resident data, so this shows the cost " +
      "of the projection code itself (informative; the targets use the full passes above)",
  );
  printPassTable(compare(sliceCases, options), SLICE_SIZE * SLICE_PASSES);

  const compileResults = compare(
    [
      { name: `compileFields (parse + compile)`, fn: () => compileFields(SELECTION) },
      { name: "json-mask mask.compile", fn: () => mask.compile(JSON_MASK) },
    ],
    options,
  );
  console.log("\nCompile time of the selection (once per request, not per finding)");
  console.log(
    formatTable(
      [{ header: "compiler", align: "left" }, { header: "µs/op" }, { header: "±" }],
      compileResults.map((r) => [r.name, formatMicros(r.nsPerOp), formatSpread(r.spread)]),
    ),
  );

  const handRatio = qaql.nsPerOp / hand.nsPerOp;
  const literal = byName(results, LITERAL);
  const literalRatio = qaql.nsPerOp / literal.nsPerOp;
  const maskList = byName(results, MASK_LIST);
  const maskItems = byName(results, MASK_ITEMS);
  // The target is judged against the faster of the two ways of calling json-mask.
  const fastestMask = maskList.nsPerOp <= maskItems.nsPerOp ? maskList : maskItems;
  const maskRatio = fastestMask.nsPerOp / qaql.nsPerOp;
  const verdict = (met: boolean) => (met ? "MET" : "MISSED");
  console.log("\nTargets");
  console.log(
    `  compileFields within ${PROJECTION_TARGETS.maxHandRatio}x of hand-written: ` +
      `${verdict(handRatio <= PROJECTION_TARGETS.maxHandRatio)} (${formatRatio(handRatio)}: ` +
      `${formatMs(qaql.nsPerOp)} ms vs ${formatMs(hand.nsPerOp)} ms per pass)`,
  );
  console.log(
    `  compileFields within ${PROJECTION_TARGETS.maxLiteralRatio}x of object literals: ` +
      `${verdict(literalRatio <= PROJECTION_TARGETS.maxLiteralRatio)} (${formatRatio(literalRatio)}: ` +
      `${formatMs(qaql.nsPerOp)} ms vs ${formatMs(literal.nsPerOp)} ms per pass)`,
  );
  console.log(
    `  at least ${PROJECTION_TARGETS.minJsonMaskRatio}x faster than json-mask: ` +
      `${verdict(maskRatio >= PROJECTION_TARGETS.minJsonMaskRatio)} (json-mask/qaql = ` +
      `${formatRatio(maskRatio)} against its faster form, "${fastestMask.name}": ` +
      `${formatMs(fastestMask.nsPerOp)} ms vs ${formatMs(qaql.nsPerOp)} ms per pass; ` +
      `${formatRatio(maskList.nsPerOp / qaql.nsPerOp)} against "${maskList.name}", ` +
      `${formatRatio(maskItems.nsPerOp / qaql.nsPerOp)} against "${maskItems.name}")`,
  );

  console.log("\nFootnotes");
  console.log(
    "  * The floor is one hand-written function per level of this one selection " +
      "(bench/projection-floor.ts): it walks the record's own keys (Object.keys) in order, " +
      "switches on the selected names, and uses the same plain-object test as qaql, so its " +
      "results are exactly compileFields' (checked above).",
  );
  console.log(
    "  * Full passes keep every result alive until the pass ends, as a response being built " +
      "does, so a good part of each pass is garbage collection (promoting the new objects) that " +
      "every contestant pays alike; this narrows the ratios of the first table. The slice table " +
      "drops each pass's results and shows the code's own cost.",
  );
  console.log(
    "  * json-mask differs from grammar/language.md 3.2 as follows (each line run live on a small " +
      "record). In the generated findings only the key order differs (ignored by the " +
      "comparison, counted under Checks), and `_links` is named at every level of the mask; the " +
      "other cases need a non-object value (or inherited key) under a sub-selection, which the " +
      "findings never have, so the data did not need adjusting:",
  );
  for (const note of probeJsonMask()) console.log(`    - ${note}`);
}

/** The projection benchmark: compileFields over 100,000 findings vs the floor and json-mask. */
export const projectionBenchmark: Benchmark = {
  name: "projection",
  description: "compileFields over 100k findings vs a hand-written projection and json-mask",
  run,
};
