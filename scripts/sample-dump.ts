// A generated dump of the API's three resources (grammar/language.md 4): the sample the package ships
// and the large inputs of the benchmarks. Everything comes from a seeded PRNG per project and
// section, so a project's records do not depend on the others and a dump of any size streams.

import { Random } from "../bench/random.ts";
import { translationRows } from "./sample-translations.ts";

/** How much a dump holds; per-project counts vary between half and one and a half times these. */
export interface DumpSizes {
  readonly projects: number;
  readonly artefactsPerProject: number;
  readonly findingsPerProject: number;
}

/**
 * The sizes of sample/dump.json: 8 projects, about 1,000 artefacts and 400 findings, which keeps
 * the file under 600 KB (a finding carries its rule's whole definition, about 540 bytes).
 */
export const SAMPLE_SIZES: DumpSizes = {
  projects: 8,
  artefactsPerProject: 128,
  findingsPerProject: 50,
};

/** The seed of sample/dump.json. */
export const SAMPLE_SEED = 20_260_314;

type ArtefactType = "APPLICATION" | "FOLDER" | "FILE" | "CLASS" | "FUNCTION";
type Weighted<T> = readonly (readonly [T, number])[];

const PROJECT_ID_BASE = 101;
const ARTEFACT_ID_BASE = 1000;
const FINDING_ID_BASE = 500_000;
const DAY = 86_400_000;
// Dates are drawn before this instant, so the dump never depends on when it is generated.
const END = Date.UTC(2026, 2, 31, 18, 0, 0);
// Yielded pieces grow to about this many characters before they are handed out.
const CHUNK_CHARS = 1 << 16;

const RATINGS = ["A", "B", "C", "D", "E"] as const;
const RATING_WEIGHTS: Weighted<number> = [
  [0, 30],
  [1, 30],
  [2, 20],
  [3, 12],
  [4, 8],
];

// --- Languages -------------------------------------------------------------------------------

/** How a language lays out a repository and names its files, classes and functions. */
interface Language {
  readonly id: string;
  readonly buildFile: string;
  readonly license: string;
  readonly modelUId: string;
  readonly tools: Weighted<string>;
  /** The folders from the root to the main sources and to the tests, for a project slug. */
  readonly mainChain: (slug: string) => string[];
  readonly testChain: (slug: string) => string[];
  /** Whether tests sit in one folder per module, as Java's do, or all in one. */
  readonly testsByModule: boolean;
  readonly modules: readonly string[];
  /** Modules whose files hold functions and no class. */
  readonly functionModules: ReadonlySet<string>;
  readonly fileName: (words: readonly string[], module: string) => string;
  readonly testFileName: (words: readonly string[]) => string;
  readonly functionName: (verb: string, noun: string) => string;
}

const PREFIXES: Readonly<Record<string, string>> = { hooks: "Use" };
const SUFFIXES: Readonly<Record<string, string>> = {
  components: "View",
  pages: "Page",
  service: "Service",
  services: "Service",
  repository: "Repository",
  web: "Controller",
  api: "Client",
  mapper: "Mapper",
  config: "Config",
  event: "Event",
  store: "Store",
  engine: "Engine",
  net: "Connection",
  io: "Reader",
  pipelines: "Pipeline",
};

function pascal(words: readonly string[]): string {
  return words.join("");
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function lowerWords(words: readonly string[]): string[] {
  return words.map((w) => w.toLowerCase());
}

/** The last package segment of a Java project: its slug's first word. */
function javaPackage(slug: string): string {
  return slug.split("-")[0] ?? slug;
}

function camel(verb: string, noun: string): string {
  return verb + noun;
}

function snake(verb: string, noun: string): string {
  return `${verb}_${noun.toLowerCase()}`;
}

const LANGUAGES: readonly Language[] = [
  {
    id: "java",
    buildFile: "pom.xml",
    license: "Apache-2.0",
    modelUId: "7c1e4b52-3f0a-4d8e-9b26-5a1f0c9e7d34",
    tools: [
      ["checkstyle", 5],
      ["pmd", 4],
      ["spotbugs", 3],
    ],
    mainChain: (slug) => ["src", "main", "java", "com", "acme", javaPackage(slug)],
    testChain: (slug) => ["src", "test", "java", "com", "acme", javaPackage(slug)],
    testsByModule: true,
    modules: ["service", "repository", "model", "web", "mapper", "config", "event", "util"],
    functionModules: new Set(),
    fileName: (words) => `${pascal(words)}.java`,
    testFileName: (words) => `${pascal(words)}Test.java`,
    functionName: camel,
  },
  {
    id: "typescript",
    buildFile: "package.json",
    license: "MIT",
    modelUId: "0f9d2a6e-81b4-4c7f-a3d5-6e2b8c1f4a90",
    tools: [
      ["eslint", 5],
      ["sonar-js", 3],
    ],
    mainChain: () => ["src"],
    testChain: () => ["test"],
    testsByModule: false,
    modules: ["components", "hooks", "services", "store", "utils", "api", "pages"],
    functionModules: new Set(["components", "hooks", "utils", "pages"]),
    fileName: (words, module) =>
      module === "components" || module === "pages"
        ? `${pascal(words)}.tsx`
        : `${lowerWords(words).join("-")}.ts`,
    testFileName: (words) => `${lowerWords(words).join("-")}.test.ts`,
    functionName: camel,
  },
  {
    id: "python",
    buildFile: "pyproject.toml",
    license: "BSD-3-Clause",
    modelUId: "b3a85d10-6c2f-4e97-8d41-9f07e2c5a6b8",
    tools: [
      ["pylint", 5],
      ["bandit", 2],
    ],
    mainChain: (slug) => [slug.replaceAll("-", "_")],
    testChain: () => ["tests"],
    testsByModule: false,
    modules: ["models", "services", "io", "utils", "api", "pipelines"],
    functionModules: new Set(["utils", "io"]),
    fileName: (words) => `${lowerWords(words).join("_")}.py`,
    testFileName: (words) => `test_${lowerWords(words).join("_")}.py`,
    functionName: snake,
  },
  {
    id: "cpp",
    buildFile: "CMakeLists.txt",
    license: "Proprietary",
    modelUId: "e6d04f83-2b19-4a5c-b7e0-3c8f91d2a475",
    tools: [
      ["clang-tidy", 4],
      ["cppcheck", 3],
    ],
    mainChain: () => ["src"],
    testChain: () => ["tests"],
    testsByModule: false,
    modules: ["core", "io", "net", "engine", "util"],
    functionModules: new Set(["util"]),
    fileName: (words) => `${lowerWords(words).join("_")}.cpp`,
    testFileName: (words) => `${lowerWords(words).join("_")}_test.cpp`,
    functionName: camel,
  },
];

function languageById(id: string): Language {
  const language = LANGUAGES.find((l) => l.id === id);
  if (!language) throw new Error(`unknown language ${id}`);
  return language;
}

// --- Projects --------------------------------------------------------------------------------

/** A project of the sample, written out by hand so the sample holds every awkward case. */
interface CuratedProject {
  readonly name: string;
  readonly slug: string;
  readonly language: string;
  readonly group: string | null;
  readonly status: "ACTIVE" | "ARCHIVED" | "ANALYSING";
  /** False for the project that was never analysed. */
  readonly analysed: boolean;
}

const CURATED: readonly CuratedProject[] = [
  {
    name: "payments-core",
    slug: "payments-core",
    language: "java",
    group: "Payments/Backend",
    status: "ACTIVE",
    analysed: true,
  },
  {
    name: "checkout-web",
    slug: "checkout-web",
    language: "typescript",
    group: "Payments/Frontend",
    status: "ACTIVE",
    analysed: true,
  },
  {
    name: 'Billing "Classic"',
    slug: "billing-classic",
    language: "java",
    group: null,
    status: "ARCHIVED",
    analysed: true,
  },
  {
    name: "Mobile App",
    slug: "mobile-app",
    language: "typescript",
    group: "Mobile",
    status: "ACTIVE",
    analysed: true,
  },
  {
    name: "risk-engine",
    slug: "risk-engine",
    language: "python",
    group: "Risk/Analytics",
    status: "ACTIVE",
    analysed: true,
  },
  {
    name: "ledger-native",
    slug: "ledger-native",
    language: "cpp",
    group: "Payments/Backend",
    status: "ACTIVE",
    analysed: true,
  },
  {
    name: "customer-portal",
    slug: "customer-portal",
    language: "typescript",
    group: "Customer/Frontend",
    status: "ARCHIVED",
    analysed: true,
  },
  {
    name: "data-pipeline",
    slug: "data-pipeline",
    language: "python",
    group: null,
    status: "ANALYSING",
    analysed: false,
  },
];

const DOMAINS = ["fraud", "billing", "catalog", "identity", "shipping", "pricing", "search"];
const COMPONENTS = ["gateway", "service", "worker", "portal", "sdk", "engine", "adapter", "api"];
const GROUPS = [
  "Payments/Backend",
  "Payments/Frontend",
  "Risk/Analytics",
  "Platform/Infrastructure",
  "Customer/Frontend",
  "Data/Pipelines",
  "Mobile",
];
const COLORS = [0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x17becf];
const EXTRA_BRANCHES = ["develop", "release/2.1", "release/3.0", "feature/PAY-1423-refunds"];
const OFFSETS = [60, 120, 0, -300, 330, 60, 60];
const EXTRA_DOCS = ["Überblick.md", "getting started.md", "architecture.md", "CONTRIBUTING.md"];

/** What every section needs to know of a project, drawn from the project's own stream. */
interface ProjectPlan {
  readonly index: number;
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly language: Language;
  readonly group: string | null;
  readonly status: string;
  readonly creationTime: number;
  /** Null when never analysed. */
  readonly analysisTime: number | null;
  readonly offsetMinutes: number;
  /** Index into RATINGS of the root's maintainability, or null when never analysed. */
  readonly level: number | null;
  readonly firstArtefactId: number;
  readonly artefactCount: number;
  readonly firstFindingId: number;
  readonly findingCount: number;
}

/** Mixes the dump's seed, a project and a stream number into the seed of one PRNG. */
function streamSeed(seed: number, project: number, stream: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (project + 1), 0xc2b2ae35);
  h = Math.imul(h ^ (stream * 0x27d4eb2f), 0x165667b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}

const STREAM_PROJECT = 1;
const STREAM_TREE = 2;
const STREAM_DECORATION = 3;
const STREAM_FINDINGS = 4;
const STREAM_PROJECT_RECORD = 5;
// The fractional parts of the golden and silver ratios: steps of two unrelated sequences.
const GOLDEN = 0.618_033_988_749_895;
const SILVER = 0.414_213_562_373_095;

/**
 * A count between half and one and a half times `mean`, at least `min`. The factors follow a
 * low-discrepancy sequence (multiples of an irrational `step`), so any run of projects holds
 * close to `mean` per project on average while each project's own size still varies.
 */
function varyCount(mean: number, min: number, index: number, step: number, seed: number): number {
  const offset = ((seed >>> 0) % 1000) / 1000;
  const factor = 0.5 + ((offset + index * step) % 1);
  return Math.max(min, Math.round(mean * factor));
}

function planProject(sizes: DumpSizes, seed: number, index: number): ProjectPlan {
  const random = new Random(streamSeed(seed, index, STREAM_PROJECT));
  const curated = CURATED[index];
  const name = curated?.name ?? `${random.pick(DOMAINS)}-${random.pick(COMPONENTS)}-${index}`;
  const status =
    curated?.status ??
    random.weighted<string>([
      ["ACTIVE", 80],
      ["ARCHIVED", 12],
      ["ANALYSING", 8],
    ]);
  const analysed = curated ? curated.analysed : status !== "ANALYSING" || random.chance(0.5);
  const creationTime = Date.UTC(2019, 0, 1) + random.int(0, 2_300) * DAY + random.int(0, DAY - 1);
  // Archived projects were last analysed in 2025, active ones mostly in 2026.
  const recent = status === "ARCHIVED" ? Date.UTC(2025, 9, 1) : END;
  const analysisTime = analysed ? recent - random.int(0, 120) * DAY - random.int(0, DAY) : null;
  // Blocks of twice the mean per project: ids stay unique whatever each project draws.
  const artefactBlock = 2 * Math.max(1, sizes.artefactsPerProject);
  const findingBlock = 2 * Math.max(1, sizes.findingsPerProject);
  return {
    index,
    id: PROJECT_ID_BASE + index,
    name,
    slug: curated?.slug ?? name,
    language: curated ? languageById(curated.language) : random.pick(LANGUAGES),
    group: curated ? curated.group : random.chance(0.15) ? null : random.pick(GROUPS),
    status,
    creationTime,
    analysisTime,
    offsetMinutes: random.pick(OFFSETS),
    level: analysed ? random.weighted(RATING_WEIGHTS) : null,
    firstArtefactId: ARTEFACT_ID_BASE + index * artefactBlock,
    artefactCount: varyCount(sizes.artefactsPerProject, 1, index, GOLDEN, seed),
    firstFindingId: FINDING_ID_BASE + index * findingBlock,
    findingCount: varyCount(sizes.findingsPerProject, 0, index, SILVER, seed >>> 10),
  };
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** `yyyy-MM-dd` of an instant in UTC. */
function formatDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** An ISO-8601 date-time with the given offset, as `2026-03-14T09:30:00+01:00`. */
function formatInstant(ms: number, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const abs = Math.abs(offsetMinutes);
  const offset =
    offsetMinutes === 0
      ? "Z"
      : `${offsetMinutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${formatDay(d.getTime())}T${time}${offset}`;
}

function projectRecord(plan: ProjectPlan, seed: number): object {
  const random = new Random(streamSeed(seed, plan.index, STREAM_PROJECT_RECORD));
  const branchCount = random.weighted([
    [1, 3],
    [2, 4],
    [3, 2],
    [4, 1],
  ]);
  const names = [plan.creationTime < Date.UTC(2021, 0, 1) ? "master" : "main"];
  for (const extra of EXTRA_BRANCHES) {
    if (names.length < branchCount && random.chance(0.6)) names.push(extra);
  }
  const branches = names.map((name, b) => ({
    id: plan.id * 10 + b + 1,
    name,
    versionId: 20_000 + plan.index * 50 + b * 10 + random.int(0, 9),
  }));
  const rating = plan.level === null ? null : RATINGS[plan.level];
  const record: Record<string, unknown> = {
    id: plan.id,
    name: plan.name,
    ownerId: random.int(1, 60),
    versionId: branches[0]?.versionId,
    color: random.pick(COLORS),
    status: plan.status,
    group: plan.group,
    creationTime: plan.creationTime,
    artefactId: plan.firstArtefactId,
    rating,
    modelUId: plan.language.modelUId,
  };
  // A project never analysed has no analysisTime at all, as the API leaves the key out.
  if (plan.analysisTime !== null) {
    record.analysisTime = formatInstant(plan.analysisTime, plan.offsetMinutes);
  }
  record.level = rating === null ? null : { id: `LEVEL${rating}` };
  record.branches = branches;
  record._links = {
    self: { href: `/api/projects/${plan.id}` },
    artefacts: { href: `/api/projects/${encodeURIComponent(plan.name)}/artefacts` },
    model: { href: `/api/models/${plan.language.modelUId}` },
    version: { href: `/api/versions/${record.versionId}` },
  };
  return record;
}

/** The version a project's records were analysed in: its first branch's (grammar/language.md 6.12). */
function projectVersion(plan: ProjectPlan, seed: number): number {
  return (projectRecord(plan, seed) as { versionId: number }).versionId;
}

/** The versions of a project's branches, the one its records hold first (grammar/language.md 6.12). */
function versionLines(plan: ProjectPlan, seed: number): string {
  const { branches } = projectRecord(plan, seed) as {
    branches: { name: string; versionId: number }[];
  };
  return branches
    .map(({ name, versionId }) =>
      JSON.stringify({
        id: versionId,
        projectId: plan.id,
        name,
        _links: {
          self: { href: `/api/versions/${versionId}` },
          project: { href: `/api/projects/${plan.id}` },
        },
      }),
    )
    .join(",\n");
}

/** The names of the analysis models, one per language of the sample's projects. */
const MODEL_NAMES: Readonly<Record<string, string>> = {
  java: "Java quality model",
  typescript: "TypeScript quality model",
  python: "Python quality model",
  cpp: "C++ quality model",
};

/** The model of the first project of each language, when it is the first of its language. */
function modelLines(plan: ProjectPlan, plans: (p: number) => ProjectPlan): string {
  for (let p = 0; p < plan.index; p++) {
    if (plans(p).language.modelUId === plan.language.modelUId) return "";
  }
  const { modelUId, id: language } = plan.language;
  return JSON.stringify({
    id: modelUId,
    name: MODEL_NAMES[language] ?? language,
    _links: { self: { href: `/api/models/${modelUId}` } },
  });
}

// --- Artefact trees --------------------------------------------------------------------------

const NOUNS = `Ledger Invoice Payment Account Customer Order Refund Currency Statement Transfer
Balance Merchant Card Token Session Report Schedule Rule Limit Exposure Quote Cart Product Address
Audit Batch`.split(/\s+/);
const VERBS =
  `get find create update delete validate compute apply handle load save parse format build
resolve check send merge`.split(/\s+/);

/** One artefact of a project's tree, with the measures that roll up to its ancestors. */
interface TreeNode {
  readonly id: number;
  readonly name: string;
  readonly path: string;
  readonly type: ArtefactType;
  /** Index of the parent in the tree, -1 for the root. */
  readonly parent: number;
  /** Part of a source file (not a folder, build file or document). */
  readonly code: boolean;
  loc: number;
  cc: number;
  commentLines: number;
  duplicatedLines: number;
  files: number;
  functions: number;
}

/** Grows a tree in creation order (parents before children) up to a fixed number of nodes. */
class TreeBuilder {
  readonly nodes: TreeNode[] = [];
  private readonly firstId: number;
  private readonly capacity: number;
  private readonly indexByPath = new Map<string, number>();

  constructor(firstId: number, capacity: number) {
    this.firstId = firstId;
    this.capacity = capacity;
  }

  get full(): boolean {
    return this.nodes.length >= this.capacity;
  }

  /** Whether `parent` already has a child called `name`. */
  has(parent: number, name: string): boolean {
    return this.indexByPath.has(`${(this.nodes[parent] as TreeNode).path}/${name}`);
  }

  /** Adds a node and returns its index, or -1 once the tree is full. */
  add(parent: number, type: ArtefactType, name: string, code: boolean): number {
    if (this.full) return -1;
    const base = parent < 0 ? "" : (this.nodes[parent] as TreeNode).path;
    let unique = name;
    // Two files or functions of one name: the second gets a number, as a developer would add.
    for (let n = 2; this.indexByPath.has(`${base}/${unique}`); n++) {
      const dot = name.lastIndexOf(".");
      unique = dot > 0 ? `${name.slice(0, dot)}${n}${name.slice(dot)}` : `${name}${n}`;
    }
    const path = `${base}/${unique}`;
    this.indexByPath.set(path, this.nodes.length);
    this.nodes.push({
      id: this.firstId + this.nodes.length,
      name: unique,
      path,
      type,
      parent,
      code,
      loc: 0,
      cc: 0,
      commentLines: 0,
      duplicatedLines: 0,
      files: 0,
      functions: 0,
    });
    return this.nodes.length - 1;
  }

  /** Adds the folders of `chain` below `parent`, reusing those already there. */
  addChain(parent: number, chain: readonly string[]): number {
    let at = parent;
    for (const name of chain) {
      const existing = this.indexByPath.get(`${(this.nodes[at] as TreeNode).path}/${name}`);
      at = existing ?? this.add(at, "FOLDER", name, false);
      if (at < 0) return -1;
    }
    return at;
  }
}

/** Adds a leaf's own measures; `rollUp` then sums them into every ancestor. */
function measureLeaf(node: TreeNode, random: Random, loc: number): void {
  node.loc = loc;
  if (!node.code) return;
  node.cc = node.type === "FUNCTION" ? 1 + random.int(0, Math.floor(loc / 5)) : 0;
  node.commentLines = Math.floor(loc * random.int(0, 35) * 0.01);
  node.duplicatedLines = random.chance(0.7) ? 0 : Math.floor(loc * random.int(1, 30) * 0.01);
  node.functions = node.type === "FUNCTION" ? 1 : 0;
}

function addFunctions(b: TreeBuilder, random: Random, parent: number, language: Language): void {
  const count = random.weighted([
    [random.int(1, 3), 6],
    [random.int(4, 7), 3],
    [random.int(8, 14), 1],
  ]);
  for (let i = 0; i < count; i++) {
    const name = language.functionName(random.pick(VERBS), random.pick(NOUNS));
    const at = b.add(parent, "FUNCTION", name, true);
    if (at < 0) return;
    const loc = random.weighted([
      [random.int(3, 15), 6],
      [random.int(16, 60), 3],
      [random.int(61, 240), 1],
    ]);
    measureLeaf(b.nodes[at] as TreeNode, random, loc);
  }
}

/** The words of a file's name: one or two nouns, and the module's prefix, verb or suffix. */
function fileWords(random: Random, language: Language, module: string): string[] {
  const words = [random.pick(NOUNS)];
  const second = random.pick(NOUNS);
  if (random.chance(0.4) && second !== words[0]) words.push(second);
  const prefix = PREFIXES[module];
  const suffix = SUFFIXES[module];
  if (prefix) words.unshift(prefix);
  else if (suffix) words.push(suffix);
  else if (language.functionModules.has(module)) words.unshift(capitalize(random.pick(VERBS)));
  return words;
}

/** A source file with its classes and functions; its own lines are imports and headers. */
function addSourceFile(
  b: TreeBuilder,
  random: Random,
  folder: number,
  language: Language,
  module: string,
  test: boolean,
): void {
  let words = fileWords(random, language, module);
  let fileName = "";
  // A few draws find a free name; past them the builder numbers the file.
  for (let attempt = 0; attempt < 4; attempt++) {
    fileName = test ? language.testFileName(words) : language.fileName(words, module);
    if (!b.has(folder, fileName)) break;
    words = fileWords(random, language, module);
  }
  const file = b.add(folder, "FILE", fileName, true);
  if (file < 0) return;
  measureLeaf(b.nodes[file] as TreeNode, random, random.int(4, 30));
  if (language.functionModules.has(module) && !test) {
    addFunctions(b, random, file, language);
    return;
  }
  const className = test ? `${pascal(words)}Test` : pascal(words);
  const classes = random.chance(0.12) ? 2 : 1;
  for (let c = 0; c < classes; c++) {
    const at = b.add(file, "CLASS", c === 0 ? className : `${className}Builder`, true);
    if (at < 0) return;
    measureLeaf(b.nodes[at] as TreeNode, random, random.int(2, 12));
    addFunctions(b, random, at, language);
  }
}

/** The project's artefacts in creation order; the same plan and seed give the same tree. */
function buildTree(plan: ProjectPlan, seed: number): TreeNode[] {
  const random = new Random(streamSeed(seed, plan.index, STREAM_TREE));
  const language = plan.language;
  const b = new TreeBuilder(plan.firstArtefactId, plan.artefactCount);
  const root = b.add(-1, "APPLICATION", plan.slug, false);
  const docs = b.add(root, "FOLDER", "docs", false);
  for (const name of ["README.md", EXTRA_DOCS[plan.index % EXTRA_DOCS.length] as string]) {
    const at = b.add(docs, "FILE", name, false);
    if (at >= 0) measureLeaf(b.nodes[at] as TreeNode, random, random.int(20, 400));
  }
  const build = b.add(root, "FILE", language.buildFile, false);
  if (build >= 0) measureLeaf(b.nodes[build] as TreeNode, random, random.int(15, 180));
  const modules = new Map<string, number>();
  let module = random.pick(language.modules);
  let filesInModule = 0;
  while (!b.full) {
    if (filesInModule >= random.int(3, 9)) {
      module = random.pick(language.modules);
      filesInModule = 0;
    }
    const test = random.chance(0.15);
    const key = `${test ? "test" : "main"}/${module}`;
    let folder = modules.get(key);
    if (folder === undefined) {
      const chain = test ? language.testChain(plan.slug) : language.mainChain(plan.slug);
      if (!test || language.testsByModule) chain.push(module);
      folder = b.addChain(root, chain);
      if (folder < 0) break;
      modules.set(key, folder);
    }
    addSourceFile(b, random, folder, language, module, test);
    filesInModule++;
  }
  rollUp(b.nodes);
  return b.nodes;
}

/** Sums every node's measures into its ancestors; children come after their parents. */
function rollUp(nodes: TreeNode[]): void {
  for (let i = nodes.length - 1; i > 0; i--) {
    const node = nodes[i] as TreeNode;
    const parent = nodes[node.parent] as TreeNode;
    if (node.type === "FILE") node.files = 1;
    parent.loc += node.loc;
    parent.cc += node.cc;
    parent.commentLines += node.commentLines;
    parent.duplicatedLines += node.duplicatedLines;
    parent.files += node.files;
    parent.functions += node.functions;
  }
}

// --- Artefact records ------------------------------------------------------------------------

const AUTHORS = ["ann.lee", "bob.martin", "chen.wei", "dara.okafor", "eva.novak", "farid.haddad"];
const INDICATOR_IDS: Readonly<Record<ArtefactType, readonly string[]>> = {
  APPLICATION: ["MAINTAINABILITY", "RELIABILITY", "COMPLEXITY", "SECURITY"],
  FOLDER: ["MAINTAINABILITY"],
  FILE: ["MAINTAINABILITY", "RELIABILITY"],
  CLASS: ["MAINTAINABILITY", "COMPLEXITY"],
  FUNCTION: [],
};

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100) / 100;
}

function measuresOf(node: TreeNode): Record<string, number> {
  switch (node.type) {
    case "FUNCTION":
      return { LOC: node.loc, CC: node.cc };
    case "CLASS":
      return { LOC: node.loc, CC: node.cc, FUNCTIONS: node.functions };
    case "FILE":
      if (!node.code) return { LOC: node.loc };
      return {
        LOC: node.loc,
        CC: node.cc,
        COMMENTS: ratio(node.commentLines, node.loc),
        DUPLICATION: ratio(node.duplicatedLines, node.loc),
      };
    default:
      return {
        LOC: node.loc,
        FILES: node.files,
        CC: node.cc,
        COMMENTS: ratio(node.commentLines, node.loc),
        DUPLICATION: ratio(node.duplicatedLines, node.loc),
      };
  }
}

/** Picks up to `max` distinct ids of `pool` other than `self`. */
function pickTargets(random: Random, pool: readonly number[], self: number, max: number): number[] {
  const targets: number[] = [];
  for (let i = random.int(1, max); i > 0 && pool.length > 1; i--) {
    const target = random.pick(pool);
    if (target !== self && !targets.includes(target)) targets.push(target);
  }
  return targets.sort((x, y) => x - y);
}

function linksOf(
  random: Random,
  node: TreeNode,
  pools: Readonly<Record<"FILE" | "CLASS" | "FUNCTION", readonly number[]>>,
): Record<string, number[]> {
  const links: Record<string, number[]> = {};
  if (!node.code) return links;
  if (node.type === "FUNCTION" && random.chance(0.45)) {
    links.CALLS = pickTargets(random, pools.FUNCTION, node.id, 3);
  } else if (node.type === "CLASS") {
    if (random.chance(0.12)) links.INHERITS = pickTargets(random, pools.CLASS, node.id, 1);
    if (random.chance(0.4)) links.DEPENDS_ON = pickTargets(random, pools.CLASS, node.id, 3);
  } else if (node.type === "FILE" && random.chance(0.3)) {
    links.IMPORTS = pickTargets(random, pools.FILE, node.id, 4);
  }
  for (const [type, targets] of Object.entries(links)) {
    if (targets.length === 0) delete links[type];
  }
  return links;
}

function artefactRecord(
  plan: ProjectPlan,
  node: TreeNode,
  parentId: number | null,
  random: Random,
  pools: Readonly<Record<"FILE" | "CLASS" | "FUNCTION", readonly number[]>>,
): object {
  // The root's level is the project's rating, so the two always agree.
  const level =
    node.type === "APPLICATION" && plan.level !== null
      ? plan.level
      : random.weighted(RATING_WEIGHTS);
  const rating = RATINGS[level] as string;
  const rank = random.chance(0.02) ? null : level + random.int(0, 100) / 100;
  const indicators: Record<string, { rank: number; level: string; mnemonic: string }> = {};
  for (const id of INDICATOR_IDS[node.type]) {
    // A file's reliability is measured only on source files, and not by every model.
    if (node.type === "FILE" && id !== "MAINTAINABILITY" && !(node.code && random.chance(0.5))) {
      continue;
    }
    const own = id === "MAINTAINABILITY" ? level : random.weighted(RATING_WEIGHTS);
    const letter = RATINGS[own] as string;
    indicators[id] = { rank: own, level: letter, mnemonic: `LEVEL${letter}` };
  }
  const infos: Record<string, string> = {};
  if (node.type === "APPLICATION") {
    infos.LANGUAGE = plan.language.id;
    infos.LICENSE = plan.language.license;
    infos.REPOSITORY = `https://git.acme.example/${plan.slug}.git`;
  } else if (node.type === "FILE") {
    if (random.chance(0.9)) infos.AUTHOR = random.pick(AUTHORS);
    if (node.code) infos.LANGUAGE = plan.language.id;
    if (random.chance(0.05)) infos.ENCODING = random.pick(["UTF-8", "ISO-8859-1"]);
  }
  return {
    id: node.id,
    name: node.name,
    path: node.path,
    type: { id: node.type },
    rank,
    projectId: plan.id,
    parentId,
    rating,
    measures: measuresOf(node),
    indicators,
    infos,
    links: linksOf(random, node, pools),
    _links: {
      self: { href: `/api/artefacts/${node.id}` },
      project: { href: `/api/projects/${plan.id}` },
      findings: { href: `/api/artefacts/${node.id}/findings` },
      query: { href: `/api/artefacts/${node.id}/query` },
    },
  };
}

/** The ids of the project's source files, classes and functions, by type. */
function codePools(nodes: readonly TreeNode[]): Record<"FILE" | "CLASS" | "FUNCTION", number[]> {
  const pools: Record<"FILE" | "CLASS" | "FUNCTION", number[]> = {
    FILE: [],
    CLASS: [],
    FUNCTION: [],
  };
  for (const node of nodes) {
    if (node.code && node.type !== "APPLICATION" && node.type !== "FOLDER") {
      pools[node.type].push(node.id);
    }
  }
  return pools;
}

function artefactLines(plan: ProjectPlan, seed: number): string {
  const nodes = buildTree(plan, seed);
  const random = new Random(streamSeed(seed, plan.index, STREAM_DECORATION));
  const pools = codePools(nodes);
  const lines: string[] = [];
  for (const node of nodes) {
    const parentId = node.parent < 0 ? null : (nodes[node.parent] as TreeNode).id;
    lines.push(JSON.stringify(artefactRecord(plan, node, parentId, random, pools)));
  }
  return lines.join(",\n");
}

// --- Findings --------------------------------------------------------------------------------

/**
 * The rules of the analysis tools, one a line: tool | key | severity | remediation effort |
 * families | name | description ("-" for none).
 */
const RULE_TABLE = `
checkstyle | MagicNumber | MINOR | - | MAINTAINABILITY | Magic number | A numeric literal is used instead of a named constant.
checkstyle | LineLength | INFO | EASY | READABILITY | Line too long | Lines longer than 120 characters are hard to read in reviews.
checkstyle | JavadocMethod | MINOR | - | MAINTAINABILITY,READABILITY | Missing Javadoc on a public method | -
checkstyle | CyclomaticComplexity | MAJOR | HARD | MAINTAINABILITY,TESTABILITY | Cyclomatic complexity too high | The method has more than 10 independent paths.
checkstyle | AvoidStarImport | INFO | - | READABILITY | Star import | Name the imported classes instead of importing a whole package.
pmd | AvoidDuplicateLiterals | MINOR | - | MAINTAINABILITY | Duplicate string literal | The same string literal appears four times or more.
pmd | EmptyCatchBlock | MAJOR | EASY | RELIABILITY | Empty catch block | An exception is caught and silently ignored.
pmd | GodClass | MAJOR | HARD | MAINTAINABILITY | God class | -
pmd | UseStringBufferForStringAppends | MINOR | - | PERFORMANCE | String concatenation in a loop | Appending with += in a loop copies the string each time; use a StringBuilder.
pmd | CloseResource | CRITICAL | - | RELIABILITY,PERFORMANCE | Resource not closed | A stream or connection is opened and not closed on every path.
spotbugs | NP_NULL_ON_SOME_PATH | CRITICAL | - | RELIABILITY | Possible null pointer dereference | A value that is null on some path is dereferenced.
spotbugs | DM_DEFAULT_ENCODING | MAJOR | - | PORTABILITY | Reliance on the default encoding | Bytes and strings are converted with the platform's default charset.
spotbugs | EI_EXPOSE_REP | MINOR | - | SECURITY | May expose internal representation | -
spotbugs | SQL_NONCONSTANT_STRING_PASSED_TO_EXECUTE | BLOCKER | - | SECURITY | Nonconstant string passed to "execute" | A SQL statement is built from a nonconstant string: use a PreparedStatement.
spotbugs | IS2_INCONSISTENT_SYNC | CRITICAL | HARD | RELIABILITY,PERFORMANCE | Inconsistent synchronization | -
eslint | no-unused-vars | MINOR | - | MAINTAINABILITY | Unused variable | A variable is declared and never read.
eslint | eqeqeq | MINOR | EASY | RELIABILITY | Loose equality | Use === and !== so that no type coercion happens.
eslint | no-console | INFO | - | MAINTAINABILITY | Console statement | -
eslint | complexity | MAJOR | HARD | MAINTAINABILITY,TESTABILITY | Function too complex | The function's cyclomatic complexity exceeds 15.
eslint | react-hooks/exhaustive-deps | MAJOR | - | RELIABILITY | Missing hook dependency | A value used inside the effect is missing from its dependency list.
sonar-js | S2068 | BLOCKER | - | SECURITY | Hard-coded credentials | Passwords and tokens 🔑 must not be written in the source code.
sonar-js | S1854 | MINOR | - | MAINTAINABILITY | Useless assignment | A value is assigned and overwritten before it is read.
sonar-js | S3776 | CRITICAL | HARD | MAINTAINABILITY | Cognitive complexity too high | The function is hard to understand: split it.
sonar-js | S4328 | MAJOR | - | PORTABILITY | Undeclared dependency | -
pylint | C0114 | INFO | - | READABILITY | missing-module-docstring | The module has no docstring.
pylint | W0611 | MINOR | - | MAINTAINABILITY | unused-import | A module is imported and never used.
pylint | R0913 | MAJOR | - | MAINTAINABILITY | too-many-arguments | The function takes more than five arguments.
pylint | E1101 | CRITICAL | - | RELIABILITY | no-member | -
pylint | W0718 | MAJOR | - | RELIABILITY | broad-exception-caught | Catching Exception hides programming errors.
bandit | B105 | BLOCKER | - | SECURITY | hardcoded_password_string | A string that looks like a password is assigned to a variable.
bandit | B608 | CRITICAL | - | SECURITY | hardcoded_sql_expressions | A SQL query is built by string formatting.
bandit | B311 | MINOR | EASY | SECURITY | random | The random module is not suitable for security purposes.
clang-tidy | bugprone-use-after-move | CRITICAL | - | RELIABILITY | Use after move | An object is used after it was moved from.
clang-tidy | modernize-use-nullptr | INFO | EASY | PORTABILITY | Use nullptr | NULL or 0 is used as a null pointer constant.
clang-tidy | readability-function-cognitive-complexity | MAJOR | HARD | MAINTAINABILITY | Function too complex | -
clang-tidy | performance-unnecessary-value-param | MINOR | - | PERFORMANCE | Parameter copied by value | A large parameter is passed by value and only read.
cppcheck | nullPointer | BLOCKER | - | RELIABILITY | Null pointer dereference | A pointer that can be null is dereferenced.
cppcheck | memleak | CRITICAL | - | RELIABILITY,PERFORMANCE | Memory leak | Memory allocated here is not freed on every path.
cppcheck | uninitMemberVar | MAJOR | - | RELIABILITY | Uninitialized member | -
`;

const SEVERITY_NAMES: Readonly<Record<string, string>> = {
  INFO: "Info",
  MINOR: "Minor",
  MAJOR: "Major",
  CRITICAL: "Critical",
  BLOCKER: "Blocker",
};
const EFFORT_NAMES: Readonly<Record<string, string>> = { EASY: "Easy", HARD: "Hard" };

/** One row of RULE_TABLE as the `definition` every finding of the rule carries. */
function defineRule(row: string): readonly [tool: string, definition: object] {
  const [tool, key, severity, effort, families, name, description] = row.split(" | ") as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const categories: object[] = [
    {
      id: "SEVERITY",
      level: { id: severity, name: SEVERITY_NAMES[severity] },
      scale: { name: "SCALE_SEVERITY" },
    },
  ];
  if (effort !== "-") {
    categories.push({
      id: "REMEDIATION",
      level: { id: effort, name: EFFORT_NAMES[effort] },
      scale: { name: "SCALE_EFFORT" },
    });
  }
  return [
    tool,
    {
      id: `${tool}:${key}`,
      name,
      description: description === "-" ? null : description,
      categories,
      families: families.split(","),
    },
  ];
}

/** The definitions of each tool's rules, built once: findings of a rule share its object. */
const DEFINITIONS: ReadonlyMap<string, readonly object[]> = (() => {
  const byTool = new Map<string, object[]>();
  for (const row of RULE_TABLE.trim().split("\n")) {
    const [tool, definition] = defineRule(row);
    byTool.set(tool, [...(byTool.get(tool) ?? []), definition]);
  }
  return byTool;
})();

const FINDING_STATUSES: Weighted<string> = [
  ["OPEN", 40],
  ["NEW", 20],
  ["CLOSED", 15],
  ["FIXED", 15],
  ["IGNORED", 10],
];

function findingLines(plan: ProjectPlan, seed: number): string {
  if (plan.findingCount === 0) return "";
  const nodes = buildTree(plan, seed);
  const code = nodes.filter((n) => n.code);
  if (code.length === 0) return "";
  const random = new Random(streamSeed(seed, plan.index, STREAM_FINDINGS));
  const end = plan.analysisTime ?? END;
  const start = Math.max(plan.creationTime, end - 540 * DAY);
  const lines: string[] = [];
  const version = projectVersion(plan, seed);
  for (let i = 0; i < plan.findingCount; i++) {
    const id = plan.firstFindingId + i;
    const tool = random.weighted(plan.language.tools);
    const definition = random.pick(DEFINITIONS.get(tool) ?? []);
    const locations: { artefactId: number; line: number; column: number }[] = [];
    for (
      let n = random.weighted([
        [1, 15],
        [2, 4],
        [3, 1],
      ]);
      n > 0;
      n--
    ) {
      const target = random.pick(code);
      locations.push({
        artefactId: target.id,
        line: random.int(1, Math.max(1, target.loc)),
        column: random.int(1, 80),
      });
    }
    const record = {
      id,
      tool,
      status: random.weighted(FINDING_STATUSES),
      readOnly: random.chance(0.08),
      suspicious: random.chance(0.12),
      definition,
      locations,
      projectId: plan.id,
      creationDate: formatDay(start + random.int(0, Math.floor((end - start) / DAY)) * DAY),
      _links: {
        self: { href: `/api/findings/${id}` },
        project: { href: `/api/projects/${plan.id}` },
        model: { href: `/api/models/${plan.language.modelUId}` },
        version: { href: `/api/versions/${version}` },
        ...(locations[0] && {
          artefact: { href: `/api/versions/${version}/artefacts/${locations[0].artefactId}` },
        }),
      },
    };
    lines.push(JSON.stringify(record));
  }
  return lines.join(",\n");
}

// --- The dump --------------------------------------------------------------------------------

/** One array of the dump: its records one a line, from each project in turn. */
function* section(
  opening: string,
  projects: number,
  linesOf: (project: number) => string,
): Generator<string> {
  let buffer = opening;
  let empty = true;
  for (let p = 0; p < projects; p++) {
    const lines = linesOf(p);
    if (lines === "") continue;
    buffer += (empty ? "\n" : ",\n") + lines;
    empty = false;
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = "";
    }
  }
  yield `${buffer}\n`;
}

function checkSizes(sizes: DumpSizes): void {
  for (const name of ["projects", "artefactsPerProject", "findingsPerProject"] as const) {
    const value = sizes[name];
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`dumpChunks: ${name} must be a non-negative integer; got ${value}`);
    }
  }
}

/**
 * Yields the dump's JSON text in pieces (one record per line); memory stays flat for any sizes.
 * The text is `{"projects":[…],"artefacts":[…],"findings":[…]}` and a newline, each record
 * `JSON.stringify`'d on a line of its own. Only one project's records are held at a time; the
 * same sizes and seed give the same bytes, and a project's records do not depend on how many
 * projects follow it. Throws a `RangeError` when a size is not a non-negative integer.
 */
export function* dumpChunks(sizes: DumpSizes, seed: number = SAMPLE_SEED): Generator<string> {
  checkSizes(sizes);
  const plan = (p: number) => planProject(sizes, seed, p);
  yield* section('{"projects":[', sizes.projects, (p) =>
    JSON.stringify(projectRecord(plan(p), seed)),
  );
  yield* section('],"artefacts":[', sizes.projects, (p) => artefactLines(plan(p), seed));
  yield* section('],"findings":[', sizes.projects, (p) => findingLines(plan(p), seed));
  yield* section('],"models":[', sizes.projects, (p) => modelLines(plan(p), plan));
  yield* section('],"versions":[', sizes.projects, (p) => versionLines(plan(p), seed));
  // A dump without findings has no text to translate.
  const translated = sizes.projects > 0 && sizes.findingsPerProject > 0;
  yield* section('],"_translations":[', 1, () => (translated ? translationLines() : ""));
  yield "]}\n";
}

/** The `_translations` of every rule's texts (grammar/language.md 6.11), one row a line. */
function translationLines(): string {
  const texts: { field: string; text: string }[] = [];
  for (const definitions of DEFINITIONS.values()) {
    for (const definition of definitions as {
      name: string;
      description: string | null;
      categories: { level: { name: string } }[];
    }[]) {
      texts.push({ field: "definition.name", text: definition.name });
      if (definition.description !== null) {
        texts.push({ field: "definition.description", text: definition.description });
      }
      for (const category of definition.categories) {
        texts.push({ field: "definition.categories.level.name", text: category.level.name });
      }
    }
  }
  return translationRows(texts)
    .map((row) => JSON.stringify(row))
    .join(",\n");
}

/**
 * Yields the artefacts of a dump of these sizes alone, as a JSON array (one record a line) or
 * as NDJSON: the inputs of bench/duckdb.bench.ts, whose DuckDB engine reads only these shapes.
 */
export function* artefactChunks(
  sizes: DumpSizes,
  seed: number,
  shape: "array" | "ndjson",
): Generator<string> {
  checkSizes(sizes);
  const plan = (p: number) => planProject(sizes, seed, p);
  if (shape === "array") {
    yield* section("[", sizes.projects, (p) => artefactLines(plan(p), seed));
    yield "]\n";
    return;
  }
  let buffer = "";
  for (let p = 0; p < sizes.projects; p++) {
    const lines = artefactLines(plan(p), seed);
    if (lines !== "") buffer += `${lines.replaceAll(",\n", "\n")}\n`;
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = "";
    }
  }
  yield buffer;
}
