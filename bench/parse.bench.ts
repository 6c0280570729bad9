// parseWhere against the hand-written floor parser and against peer parsers of other filter
// languages, each given the closest equivalent of the same filter in its own syntax.
import { isDeepStrictEqual } from "node:util";
import { parse as parseRsql } from "@rsql/parser";
import jsep from "jsep";
import { parse as parseLiqe } from "liqe";
import { filter as parseODataFilter } from "odata-v4-parser";
import { parseWhere } from "../src/index.ts";
import { parseWhereFloor } from "./floor-parser.ts";
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
  printHeading,
} from "./harness.ts";
import { PARSE_FILTERS, type ParseFilter, PEERS, type Peer } from "./parse-filters.ts";

/** The speed targets of the parse benchmark. */
export const PARSE_TARGETS = {
  /** parseWhere may take at most this many times the floor parser's time. */
  maxFloorRatio: 2.5,
} as const;

const PEER_PARSERS: Readonly<Record<Peer, (text: string) => unknown>> = {
  "@rsql/parser": (text) => parseRsql(text),
  "odata-v4-parser": (text) => parseODataFilter(text),
  liqe: (text) => parseLiqe(text),
  jsep: (text) => jsep(text),
};

const QAQL = "qaql parseWhere";
const FLOOR = "floor (hand-written)";

/** Throws unless every parser accepts its input; says whether the floor builds qaql's tree. */
function verify(filter: ParseFilter): string {
  const qaqlAst = parseWhere(filter.qaql);
  let floorAst: unknown;
  try {
    floorAst = parseWhereFloor(filter.qaql);
  } catch (error) {
    throw new Error(`the floor parser rejects the ${filter.name} filter: ${String(error)}`);
  }
  for (const peer of PEERS) {
    try {
      PEER_PARSERS[peer](filter.peers[peer]);
    } catch (error) {
      throw new Error(`${peer} rejects its ${filter.name} filter: ${String(error)}`);
    }
  }
  return isDeepStrictEqual(qaqlAst, floorAst)
    ? "floor AST deep-equals parseWhere AST"
    : "WARNING: the floor AST differs from parseWhere's, the comparison is not like for like";
}

function truncate(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

async function run(options: BenchOptions): Promise<void> {
  printHeading("parse: parseWhere vs a hand-written floor parser and peer parsers");
  console.log(
    `median of batches over ~${options.timeMs} ms per case; "vs floor" = time / floor time; ` +
      '"vs qaql" = time / qaql time (>1: qaql is faster)',
  );
  const summaries: string[] = [];
  for (const filter of PARSE_FILTERS) {
    const check = verify(filter);
    const inputs: readonly [string, string, () => unknown][] = [
      [QAQL, filter.qaql, () => parseWhere(filter.qaql)],
      [FLOOR, filter.qaql, () => parseWhereFloor(filter.qaql)],
      ...PEERS.map((peer): [string, string, () => unknown] => {
        const text = filter.peers[peer];
        const parse = PEER_PARSERS[peer];
        return [peer, text, () => parse(text)];
      }),
    ];
    const cases: BenchCase[] = inputs.map(([name, , fn]) => ({ name, fn }));
    const results = compare(cases, options);
    const [qaql, floor] = results;
    if (!qaql || !floor) throw new Error("missing the qaql or floor measurement");

    console.log(`\n[${filter.name}] ${truncate(filter.qaql)} (${filter.qaql.length} chars)`);
    console.log(`  ${check}`);
    const rows = results.map((r, i) => [
      r.name,
      String(inputs[i]?.[1].length ?? ""),
      formatOps(r.opsPerSec),
      formatMicros(r.nsPerOp),
      formatSpread(r.spread),
      formatRatio(r.nsPerOp / floor.nsPerOp),
      formatRatio(r.nsPerOp / qaql.nsPerOp),
    ]);
    console.log(
      formatTable(
        [
          { header: "parser", align: "left" },
          { header: "chars" },
          { header: "ops/s" },
          { header: "µs/op" },
          { header: "±" },
          { header: "vs floor" },
          { header: "vs qaql" },
        ],
        rows,
      ),
    );

    const floorRatio = qaql.nsPerOp / floor.nsPerOp;
    const peers = results.slice(2);
    const fasterPeers = peers.filter((p) => p.nsPerOp <= qaql.nsPerOp);
    const closest = peers.reduce((a, b) => (b.nsPerOp < a.nsPerOp ? b : a));
    const floorVerdict = floorRatio <= PARSE_TARGETS.maxFloorRatio ? "MET" : "MISSED";
    const peerVerdict =
      fasterPeers.length === 0
        ? `MET (closest: ${closest.name}, ${formatRatio(closest.nsPerOp / qaql.nsPerOp)} qaql's time)`
        : `MISSED (${fasterPeers
            .map((p) => `${p.name} takes ${formatRatio(p.nsPerOp / qaql.nsPerOp)} qaql's time`)
            .join(", ")})`;
    summaries.push(
      `${filter.name.padEnd(6)}  parseWhere within ${PARSE_TARGETS.maxFloorRatio}x of the ` +
        `hand-written floor: ${floorVerdict} (${formatRatio(floorRatio)}); ` +
        `faster than every peer: ${peerVerdict}`,
    );
  }

  console.log("\nTargets");
  for (const line of summaries) console.log(`  ${line}`);
  console.log("\nPeer inputs (closest equivalents where a peer cannot say the same thing)");
  PARSE_FILTERS.forEach((filter) => {
    console.log(`  [${filter.name}]`);
    for (const peer of PEERS) console.log(`    ${peer.padEnd(15)} ${truncate(filter.peers[peer])}`);
  });
  console.log("\nFootnotes");
  for (const note of PARSE_FILTERS.flatMap((f) => f.notes)) console.log(`  * ${note}`);
}

/** The parse benchmark: four filters, parseWhere vs the floor and four peers. */
export const parseBenchmark: Benchmark = {
  name: "parse",
  description: "parseWhere vs a hand-written floor parser and peer parsers, four filters",
  run,
};
