// The filters of the parse benchmark, each written in qaql and in every peer's own syntax.

/** The peers, in the order of the tables. */
export const PEERS = ["@rsql/parser", "odata-v4-parser", "liqe", "jsep"] as const;

/** One of the compared peer parsers. */
export type Peer = (typeof PEERS)[number];

/** A filter in qaql syntax and its closest equivalent in each peer's syntax. */
export interface ParseFilter {
  readonly name: string;
  readonly qaql: string;
  readonly peers: Readonly<Record<Peer, string>>;
  /** Where a peer cannot say the same thing, what was written instead. */
  readonly notes: readonly string[];
}

const small: ParseFilter = {
  name: "small",
  qaql: "type.id=FOLDER AND rank>=2",
  peers: {
    "@rsql/parser": "type.id==FOLDER;rank>=2",
    "odata-v4-parser": "type/id eq 'FOLDER' and rank ge 2",
    liqe: "type.id:FOLDER AND rank:>=2",
    jsep: 'type.id == "FOLDER" && rank >= 2',
  },
  notes: [],
};

const medium: ParseFilter = {
  name: "medium",
  qaql: "(name~*.java OR name~*.ts) AND rank>=2 AND status IN (OPEN,NEW) AND owner IS NOT NULL",
  peers: {
    "@rsql/parser": "(name==*.java,name==*.ts);rank>=2;status=in=(OPEN,NEW);owner=isnull=false",
    "odata-v4-parser":
      "(endswith(name,'.java') or endswith(name,'.ts')) and rank ge 2 and " +
      "(status eq 'OPEN' or status eq 'NEW') and owner ne null",
    liqe: "(name:*.java OR name:*.ts) AND rank:>=2 AND (status:OPEN OR status:NEW) AND NOT owner:null",
    jsep:
      '(name.endsWith(".java") || name.endsWith(".ts")) && rank >= 2 && ' +
      '["OPEN", "NEW"].includes(status) && owner != null',
  },
  notes: [
    "@rsql/parser: RSQL has no null test; `owner=isnull=false` uses a custom `=isnull=` operator " +
      "(a common extension, parsed as a generic `=name=` comparison); `*` wildcards in `==` " +
      "values are a backend convention, not syntax.",
    "odata-v4-parser: no OData 4.01 `in` operator in this parser, so `status IN (…)` is an " +
      "`or` chain; `~*x` is `endswith(…)`; IS NOT NULL is `ne null`.",
    "liqe: no IN list, so an OR chain; IS NOT NULL is `NOT owner:null`.",
    "jsep: patterns are `.endsWith()` calls, IN is `[…].includes(status)`, IS NOT NULL is `!= null`.",
  ],
};

const quoted: ParseFilter = {
  name: "quoted",
  qaql: 'name="My ""big"" project" OR path~"src/main dir"*',
  peers: {
    "@rsql/parser": 'name=="My \\"big\\" project",path=="src/main dir*"',
    "odata-v4-parser": "name eq 'My %22big%22 project' or startswith(path,'src%2Fmain dir')",
    liqe: 'name:"My \\"big\\" project" OR path:/^src\\/main dir/',
    jsep: 'name == "My \\"big\\" project" || path.startsWith("src/main dir")',
  },
  notes: [
    '@rsql/parser: quotes escape with `\\"`; the prefix wildcard sits inside the quotes ' +
      "(RSQL has no wildcard syntax).",
    'odata-v4-parser: it parses the percent-encoded URL form, so `"` and `/` inside a ' +
      "string must be written %22 and %2F (qaql parses already-decoded text).",
    'liqe: a wildcard cannot follow a quoted phrase, so `path~"src/main dir"*` is the regex ' +
      "`/^src\\/main dir/`.",
  ],
};

// The nine predicate shapes cycled through by the large filter, in every syntax.
type Render = (field: string, i: number) => string;
interface Shape {
  readonly qaql: Render;
  readonly peers: Readonly<Record<Peer, Render>>;
}

const SHAPES: readonly Shape[] = [
  {
    qaql: (f, i) => `${f}=v${i}`,
    peers: {
      "@rsql/parser": (f, i) => `${f}==v${i}`,
      "odata-v4-parser": (f, i) => `${f} eq 'v${i}'`,
      liqe: (f, i) => `${f}:v${i}`,
      jsep: (f, i) => `${f} == "v${i}"`,
    },
  },
  {
    qaql: (f, i) => `${f}>=${i}`,
    peers: {
      "@rsql/parser": (f, i) => `${f}>=${i}`,
      "odata-v4-parser": (f, i) => `${f} ge ${i}`,
      liqe: (f, i) => `${f}:>=${i}`,
      jsep: (f, i) => `${f} >= ${i}`,
    },
  },
  {
    qaql: (f, i) => `${f}~*x${i}`,
    peers: {
      "@rsql/parser": (f, i) => `${f}==*x${i}`,
      "odata-v4-parser": (f, i) => `endswith(${f},'x${i}')`,
      liqe: (f, i) => `${f}:*x${i}`,
      jsep: (f, i) => `${f}.endsWith("x${i}")`,
    },
  },
  {
    qaql: (f, i) => `${f}!=v${i}`,
    peers: {
      "@rsql/parser": (f, i) => `${f}!=v${i}`,
      "odata-v4-parser": (f, i) => `${f} ne 'v${i}'`,
      liqe: (f, i) => `NOT ${f}:v${i}`,
      jsep: (f, i) => `${f} != "v${i}"`,
    },
  },
  {
    qaql: (f, i) => `${f}<${i}`,
    peers: {
      "@rsql/parser": (f, i) => `${f}<${i}`,
      "odata-v4-parser": (f, i) => `${f} lt ${i}`,
      liqe: (f, i) => `${f}:<${i}`,
      jsep: (f, i) => `${f} < ${i}`,
    },
  },
  {
    qaql: (f, i) => `${f}~x${i}*`,
    peers: {
      "@rsql/parser": (f, i) => `${f}==x${i}*`,
      "odata-v4-parser": (f, i) => `startswith(${f},'x${i}')`,
      liqe: (f, i) => `${f}:x${i}*`,
      jsep: (f, i) => `${f}.startsWith("x${i}")`,
    },
  },
  {
    qaql: (f, i) => `${f}<=${i}`,
    peers: {
      "@rsql/parser": (f, i) => `${f}<=${i}`,
      "odata-v4-parser": (f, i) => `${f} le ${i}`,
      liqe: (f, i) => `${f}:<=${i}`,
      jsep: (f, i) => `${f} <= ${i}`,
    },
  },
  {
    qaql: (f, i) => `${f}>${i}`,
    peers: {
      "@rsql/parser": (f, i) => `${f}>${i}`,
      "odata-v4-parser": (f, i) => `${f} gt ${i}`,
      liqe: (f, i) => `${f}:>${i}`,
      jsep: (f, i) => `${f} > ${i}`,
    },
  },
  {
    qaql: (f, i) => `${f}~x${i}`,
    peers: {
      "@rsql/parser": (f, i) => `${f}==*x${i}*`,
      "odata-v4-parser": (f, i) => `contains(${f},'x${i}')`,
      liqe: (f, i) => `${f}:*x${i}*`,
      jsep: (f, i) => `${f}.includes("x${i}")`,
    },
  },
];

const JOINERS: Readonly<Record<"qaql" | Peer, readonly [and: string, or: string]>> = {
  qaql: [" AND ", " OR "],
  "@rsql/parser": [";", ","],
  "odata-v4-parser": [" and ", " or "],
  liqe: [" AND ", " OR "],
  jsep: [" && ", " || "],
};

function renderLarge(syntax: "qaql" | Peer, count: number): string {
  const [and, or] = JOINERS[syntax];
  let text = "";
  for (let i = 0; i < count; i++) {
    const shape = SHAPES[i % SHAPES.length] as Shape;
    const field = i % 5 !== 4 ? `f${i}` : syntax === "odata-v4-parser" ? `g${i}/sub` : `g${i}.sub`;
    const render = syntax === "qaql" ? shape.qaql : shape.peers[syntax];
    // Every fourth joiner is OR, the rest AND: runs of conjunctions inside a disjunction.
    if (i > 0) text += i % 4 === 0 ? or : and;
    text += render(field, i);
  }
  return text;
}

/** `count` comparisons and patterns joined by AND and OR, the same on every run. */
export function largeFilter(count = 40): ParseFilter {
  return {
    name: "large",
    qaql: renderLarge("qaql", count),
    peers: {
      "@rsql/parser": renderLarge("@rsql/parser", count),
      "odata-v4-parser": renderLarge("odata-v4-parser", count),
      liqe: renderLarge("liqe", count),
      jsep: renderLarge("jsep", count),
    },
    notes: [
      "large: paths `gN.sub` are `gN/sub` in OData; patterns are wildcards in RSQL and liqe, " +
        "string functions in OData, string methods in jsep; `!=` is `NOT f:v` in liqe.",
    ],
  };
}

/** The four filters of the parse benchmark. */
export const PARSE_FILTERS: readonly ParseFilter[] = [small, medium, quoted, largeFilter()];
