// Glob matching (`data.patterns`): time per text character of compileGlob's matcher as texts grow,
// against the classic two-pointer wildcard matcher (hand-written baseline) and picomatch (peer,
// which compiles the glob to a backtracking RegExp).
import picomatch from "picomatch";
import { compileGlob } from "../src/query/glob.ts";
import {
  type Benchmark,
  type BenchOptions,
  compare,
  formatMicros,
  formatRatio,
  formatTable,
  printHeading,
} from "./harness.ts";

/** The classic greedy two-pointer matcher: backs up to the last `*`; O(n·m) in the worst case. */
function matchTwoPointer(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    const c = pattern[p];
    if (c === "?" || (c !== undefined && c !== "*" && c === text[t])) {
      p++;
      t++;
    } else if (c === "*") {
      star = p++;
      mark = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++mark;
    } else return false;
  }
  while (pattern[p] === "*") p++;
  return p === pattern.length;
}

// bash: `*` crosses `/` as in qaql; dot: a leading `.` is an ordinary character as in qaql.
const PICOMATCH_OPTIONS = { bash: true, dot: true } as const;

type Matcher = (text: string) => boolean;

interface Contender {
  readonly name: string;
  readonly compile: (pattern: string) => Matcher;
}

const QAQL: Contender = { name: "qaql", compile: (pattern) => compileGlob({ text: pattern }) };
const TWO_POINTER: Contender = {
  name: "two-pointer",
  compile: (pattern) => (text) => matchTwoPointer(pattern, text),
};
const PICOMATCH: Contender = {
  name: "picomatch",
  compile: (pattern) => picomatch(pattern, PICOMATCH_OPTIONS),
};

/** Per-character cost at the largest size over that at the smallest above which it is reported. */
const MAX_GROWTH = 1.5;

interface Growth {
  readonly title: string;
  /** A few words naming the case in the verdicts. */
  readonly label: string;
  readonly pattern: string;
  readonly sizes: readonly number[];
  readonly build: (size: number) => string;
  readonly contenders: readonly Contender[];
}

const GROWTHS: readonly Growth[] = [
  {
    title: "`*a*a*a*a*a*b` on `a` x n (no match: the pathological case)",
    label: "pathological, a x n",
    pattern: "*a*a*a*a*a*b",
    sizes: [1_000, 10_000, 100_000],
    build: (size) => "a".repeat(size),
    contenders: [QAQL, TWO_POINTER],
  },
  {
    // The anchored `b` fails at once above; here it holds, so the four `a`s are found and the
    // fifth is searched for through the whole text.
    title: "`*a*a*a*a*a*b` on `aaaa`, `c` x (n-5), `b` (no match, whole text scanned)",
    label: "pathological, whole text scanned",
    pattern: "*a*a*a*a*a*b",
    sizes: [1_000, 10_000, 100_000],
    build: (size) => `aaaa${"c".repeat(size - 5)}b`,
    contenders: [QAQL, TWO_POINTER],
  },
  {
    title: "`*a*a*a*a*a*b` on `a` x (n-1) then `b` (a match)",
    label: "pathological, a match",
    pattern: "*a*a*a*a*a*b",
    sizes: [1_000, 10_000, 100_000],
    build: (size) => `${"a".repeat(size - 1)}b`,
    contenders: [QAQL, TWO_POINTER],
  },
  {
    title: "`*aaaaaaaaaaaaaaaab*` on `a` x n (a long middle segment, no match)",
    label: "long middle segment",
    pattern: "*aaaaaaaaaaaaaaaab*",
    sizes: [1_000, 10_000, 100_000],
    build: (size) => "a".repeat(size),
    contenders: [QAQL, TWO_POINTER],
  },
  {
    // picomatch backtracks exponentially in the number of stars: past 80 characters it takes seconds.
    title: "`*a*a*a*a*a*b` on `a` x n, small n, with picomatch",
    label: "pathological, small n",
    pattern: "*a*a*a*a*a*b",
    sizes: [10, 20, 40, 80],
    build: (size) => "a".repeat(size),
    contenders: [QAQL, TWO_POINTER, PICOMATCH],
  },
];

/** Everyday patterns on file paths, where constant factors matter more than growth. */
const EVERYDAY: readonly (readonly [string, string])[] = [
  ["*.java", "src/main/java/org/example/quality/ArtefactRepository.java"],
  ["src/*/Main?.java", "src/main/java/org/example/Main1.java"],
  ["*Test*", "src/test/java/org/example/quality/ArtefactRepositoryTest.java"],
  ["*.ts", "src/main/java/org/example/quality/ArtefactRepository.java"],
];

function check(contenders: readonly Contender[], pattern: string, text: string): Matcher[] {
  const matchers = contenders.map((c) => c.compile(pattern));
  const answers = matchers.map((m) => m(text));
  if (answers.some((a) => a !== answers[0])) {
    throw new Error(
      `matchers disagree on ${pattern} / ${text.slice(0, 40)}: ${answers.join(", ")}`,
    );
  }
  return matchers;
}

function verdict(ratio: number): string {
  if (ratio > MAX_GROWTH) return "GROWS (super-linear)";
  return ratio < 0.5 ? "falls (answered without reading the whole text)" : "flat (linear)";
}

function runGrowth(growth: Growth, options: BenchOptions): string {
  const texts = growth.sizes.map(growth.build);
  const cases = texts.flatMap((text, i) =>
    check(growth.contenders, growth.pattern, text).map((matcher, c) => ({
      name: `${growth.contenders[c]?.name} ${growth.sizes[i]}`,
      fn: () => matcher(text),
    })),
  );
  const results = compare(cases, options);
  const width = growth.contenders.length;
  const perChar = (size: number, c: number) =>
    (results[size * width + c]?.nsPerOp ?? Number.NaN) / (texts[size]?.length ?? 1);
  const rows = texts.map((text, i) => [
    String(text.length),
    ...growth.contenders.flatMap((_, c) => [
      formatMicros(results[i * width + c]?.nsPerOp ?? Number.NaN),
      perChar(i, c).toFixed(2),
      formatRatio(perChar(i, c) / perChar(0, c)),
    ]),
  ]);
  console.log(`\n${growth.title}`);
  console.log(
    formatTable(
      [
        { header: "chars", align: "left" },
        ...growth.contenders.flatMap((c) => [
          { header: `${c.name} µs/op` },
          { header: "ns/char" },
          { header: "vs first" },
        ]),
      ],
      rows,
    ),
  );
  const last = texts.length - 1;
  const ratio = perChar(last, 0) / perChar(0, 0);
  return (
    `${growth.label}, ${growth.sizes[0]}..${growth.sizes[last]} chars: qaql per-char ` +
    `cost at the largest size is ${formatRatio(ratio)} that at the smallest: ${verdict(ratio)}`
  );
}

function runEveryday(options: BenchOptions): void {
  const contenders = [QAQL, TWO_POINTER, PICOMATCH];
  const cases = EVERYDAY.flatMap(([pattern, text]) =>
    check(contenders, pattern, text).map((matcher, c) => ({
      name: `${contenders[c]?.name} ${pattern}`,
      fn: () => matcher(text),
    })),
  );
  const results = compare(cases, options);
  const rows = EVERYDAY.map(([pattern], i) => {
    const qaql = results[i * contenders.length]?.nsPerOp ?? Number.NaN;
    return [
      pattern,
      ...contenders.flatMap((_, c) => {
        const ns = results[i * contenders.length + c]?.nsPerOp ?? Number.NaN;
        return c === 0 ? [formatMicros(ns)] : [formatMicros(ns), formatRatio(ns / qaql)];
      }),
    ];
  });
  console.log("\nEveryday patterns on ~60-character paths (compiled once; µs per match)");
  console.log(
    formatTable(
      [
        { header: "pattern", align: "left" },
        { header: "qaql µs" },
        { header: "two-pointer µs" },
        { header: "vs qaql" },
        { header: "picomatch µs" },
        { header: "vs qaql" },
      ],
      rows,
    ),
  );
}

async function run(options: BenchOptions): Promise<void> {
  printHeading("glob: compileGlob matching time as the text grows");
  console.log(
    "qaql = compileGlob (segments + Shift-And); two-pointer = classic greedy wildcard matcher; " +
      `picomatch ${JSON.stringify(PICOMATCH_OPTIONS)} = RegExp peer`,
  );
  const verdicts = GROWTHS.map((growth) => runGrowth(growth, options));
  runEveryday(options);
  console.log("\nLinearity");
  for (const line of verdicts) console.log(`  ${line}`);
}

/** The glob benchmark: linear-time matching of the pathological pattern, and everyday patterns. */
export const globBenchmark: Benchmark = {
  name: "glob",
  description: "compileGlob vs a two-pointer matcher and picomatch, 1k to 100k characters",
  run,
};
