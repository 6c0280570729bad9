import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type DumpSizes,
  dumpChunks,
  SAMPLE_SEED,
  SAMPLE_SIZES,
} from "../../scripts/sample-dump.ts";
import { compileWhere, type FieldType, type Schema, schemas } from "../../src/index.ts";

type Json = Record<string, unknown>;

interface Project extends Json {
  readonly id: number;
  readonly name: string;
  readonly status: string;
  readonly group: string | null;
  readonly creationTime: number;
  readonly artefactId: number;
  readonly analysisTime?: string;
  readonly level: { readonly id: string } | null;
}

interface Artefact extends Json {
  readonly id: number;
  readonly name: string;
  readonly path: string;
  readonly type: { readonly id: string };
  readonly rank: number | null;
  readonly projectId: number;
  readonly parentId: number | null;
  readonly links: Readonly<Record<string, readonly number[]>>;
}

interface Finding extends Json {
  readonly id: number;
  readonly tool: string;
  readonly status: string;
  readonly readOnly: boolean;
  readonly suspicious: boolean;
  readonly definition: {
    readonly id: string;
    readonly name: string;
    readonly description: string | null;
  };
  readonly locations: readonly {
    readonly artefactId: number;
    readonly line: number;
    readonly column: number;
  }[];
  readonly projectId: number;
}

interface Dump {
  readonly projects: readonly Project[];
  readonly artefacts: readonly Artefact[];
  readonly findings: readonly Finding[];
}

const FILE = join(import.meta.dirname, "..", "..", "sample", "dump.json");
const text = readFileSync(FILE, "utf8");
const dump = JSON.parse(text) as Dump;
const artefactById = new Map(dump.artefacts.map((a) => [a.id, a]));

function generate(sizes: DumpSizes, seed?: number): string {
  let out = "";
  for (const chunk of dumpChunks(sizes, seed)) out += chunk;
  return out;
}

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2}))?$/;

/** The paths at which `value` is not of `type`; null and missing fit every type. */
function mismatches(value: unknown, type: FieldType, at: string): string[] {
  if (value === null || value === undefined) return [];
  const fits: Record<FieldType["kind"], () => boolean> = {
    string: () => typeof value === "string",
    any: () => true,
    integer: () => Number.isSafeInteger(value),
    number: () => typeof value === "number" && Number.isFinite(value),
    boolean: () => typeof value === "boolean",
    date: () => typeof value === "string" && DATE.test(value) && !Number.isNaN(Date.parse(value)),
    object: () => typeof value === "object" && !Array.isArray(value),
    array: () => Array.isArray(value),
  };
  if (!fits[type.kind]()) return [`${at}: ${JSON.stringify(value)} is not ${type.kind}`];
  if (type.kind === "object" && type.fields) {
    return Object.entries(type.fields).flatMap(([name, field]) =>
      mismatches((value as Json)[name], field, `${at}.${name}`),
    );
  }
  if (type.kind === "array" && type.items) {
    const items = type.items;
    return (value as unknown[]).flatMap((item, i) => mismatches(item, items, `${at}[${i}]`));
  }
  return [];
}

/** Calendar day of an ISO date-time in UTC, the default zone of filters (grammar/language.md 2.5). */
function utcDay(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

describe("sample/dump.json", () => {
  it("is what the generator writes for SAMPLE_SIZES and SAMPLE_SEED", () => {
    expect(text === generate(SAMPLE_SIZES, SAMPLE_SEED)).toBe(true);
  });

  it("holds one compact record a line between the three arrays, and ends with a newline", () => {
    const lines = text.split("\n");
    expect(lines.at(-1)).toBe("");
    const isRow = (line: string) => line.startsWith('{"id":') || line.startsWith('{"language":');
    const frame = lines.filter((line) => !isRow(line));
    expect(frame).toEqual([
      '{"projects":[',
      '],"artefacts":[',
      '],"findings":[',
      '],"models":[',
      '],"versions":[',
      '],"_translations":[',
      "]}",
      "",
    ]);
    for (const line of lines.filter(isRow)) {
      const record = line.endsWith(",") ? line.slice(0, -1) : line;
      expect(JSON.stringify(JSON.parse(record))).toBe(record);
    }
    const translations = (dump as unknown as { _translations: unknown[] })._translations;
    expect(translations.length).toBeGreaterThan(100);
    const { models, versions } = dump as unknown as { models: unknown[]; versions: unknown[] };
    expect(lines.length).toBe(
      dump.projects.length +
        dump.artefacts.length +
        dump.findings.length +
        models.length +
        versions.length +
        translations.length +
        8,
    );
  });

  it("keeps to the sizes the package can ship", () => {
    const bytes = new TextEncoder().encode(text).length;
    expect(bytes).toBeGreaterThanOrEqual(300_000);
    // Links to the nested routes (grammar/language.md 6.8, 6.12) cost about 215 KB of the total.
    expect(bytes).toBeLessThanOrEqual(900_000);
    expect(dump.projects).toHaveLength(SAMPLE_SIZES.projects);
    expect(dump.artefacts.length).toBeGreaterThanOrEqual(1_000);
    expect(dump.artefacts.length).toBeLessThanOrEqual(1_500);
    expect(dump.findings.length).toBeGreaterThanOrEqual(300);
  });

  it("fits the resources' schemas (grammar/language.md 4)", () => {
    const resources: [string, readonly Json[], Schema][] = [
      ["project", dump.projects, schemas.project],
      ["artefact", dump.artefacts, schemas.artefact],
      ["finding", dump.findings, schemas.finding],
      ["model", (dump as unknown as { models: Json[] }).models, schemas.model],
      ["version", (dump as unknown as { versions: Json[] }).versions, schemas.version],
    ];
    for (const [name, records, schema] of resources) {
      expect(records.length, name).toBeGreaterThan(0);
      const problems = records.flatMap((r) => mismatches(r, schema, `${name} ${r.id}`));
      expect(problems).toEqual([]);
    }
  });

  it("gives each resource its documented keys, in order", () => {
    const keys: [readonly Json[], string[], string][] = [
      [
        dump.projects,
        "id name ownerId versionId color status group creationTime artefactId rating modelUId analysisTime level branches _links".split(
          " ",
        ),
        "analysisTime",
      ],
      [
        dump.artefacts,
        "id name path type rank projectId parentId rating measures indicators infos links _links".split(
          " ",
        ),
        "",
      ],
      [
        dump.findings,
        "id tool status readOnly suspicious definition locations projectId creationDate _links".split(
          " ",
        ),
        "",
      ],
    ];
    for (const [records, all, optional] of keys) {
      for (const record of records) {
        const expected = optional in record ? all : all.filter((k) => k !== optional);
        expect(Object.keys(record)).toEqual(expected);
      }
    }
  });

  it("has unique ids within each resource", () => {
    for (const records of [dump.projects, dump.artefacts, dump.findings]) {
      expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
    }
  });

  it("roots each project's tree at the APPLICATION artefact its artefactId names", () => {
    for (const project of dump.projects) {
      const roots = dump.artefacts.filter(
        (a) => a.projectId === project.id && a.type.id === "APPLICATION",
      );
      expect(roots.map((a) => a.id)).toEqual([project.artefactId]);
      expect(roots[0]?.parentId).toBeNull();
    }
    for (const artefact of dump.artefacts) {
      if (artefact.type.id === "APPLICATION") continue;
      const parent = artefactById.get(artefact.parentId ?? Number.NaN);
      expect(parent?.projectId, `parent of ${artefact.id}`).toBe(artefact.projectId);
    }
  });

  it("links and locates only artefacts of the same project", () => {
    for (const artefact of dump.artefacts) {
      for (const target of Object.values(artefact.links).flat()) {
        expect(artefactById.get(target)?.projectId, `link ${artefact.id}->${target}`).toBe(
          artefact.projectId,
        );
      }
    }
    for (const finding of dump.findings) {
      expect(finding.locations.length).toBeGreaterThanOrEqual(1);
      expect(finding.locations.length).toBeLessThanOrEqual(3);
      for (const { artefactId } of finding.locations) {
        const target = artefactById.get(artefactId);
        expect(target?.projectId, `finding ${finding.id}`).toBe(finding.projectId);
        expect(["FILE", "CLASS", "FUNCTION"]).toContain(target?.type.id);
      }
    }
  });

  it("holds the awkward values that filters must survive", () => {
    const names = new Set([...dump.projects, ...dump.artefacts].map((r) => r.name));
    for (const name of ['Billing "Classic"', "Mobile App", "Überblick.md", "getting started.md"]) {
      expect(names.has(name), name).toBe(true);
    }
    const descriptions = dump.findings.map((f) => f.definition.description);
    expect(descriptions.some((d) => d?.includes("🔑"))).toBe(true);
    expect(descriptions).toContain(null);
    expect(dump.projects.filter((p) => p.analysisTime === undefined)).toHaveLength(1);
    expect(dump.artefacts.some((a) => a.rank === null)).toBe(true);
  });
});

describe("filters on the sample's schema fields", () => {
  // One row: resource, filter, the same condition written by hand.
  const rows: [keyof Dump, string, (record: never) => boolean][] = [
    [
      "projects",
      "analysisTime>=2026-01-01",
      (p: Project) => p.analysisTime !== undefined && utcDay(p.analysisTime) >= "2026-01-01",
    ],
    ["projects", "analysisTime IS NULL", (p: Project) => p.analysisTime === undefined],
    ["projects", "group IS NULL", (p: Project) => p.group === null],
    ["projects", 'name="Billing ""Classic"""', (p: Project) => p.name === 'Billing "Classic"'],
    ["projects", 'name~" "', (p: Project) => p.name.includes(" ")],
    [
      "projects",
      "status IN (ACTIVE,ANALYSING) AND level.id!=LEVELA",
      (p: Project) =>
        (p.status === "ACTIVE" || p.status === "ANALYSING") &&
        p.level !== null &&
        p.level.id !== "LEVELA",
    ],
    ["projects", "creationTime<1609459200000", (p: Project) => p.creationTime < 1609459200000],
    [
      "artefacts",
      "type.id=FILE AND rank>=3",
      (a: Artefact) => a.type.id === "FILE" && a.rank !== null && a.rank >= 3,
    ],
    ["artefacts", "name~*.java", (a: Artefact) => a.name.endsWith(".java")],
    ["artefacts", "rank IS NULL", (a: Artefact) => a.rank === null],
    [
      "artefacts",
      "path~/payments-core/src/main/*",
      (a: Artefact) => a.path.startsWith("/payments-core/src/main/"),
    ],
    [
      "artefacts",
      "type.id IN (CLASS,FUNCTION) AND rank<1",
      (a: Artefact) =>
        (a.type.id === "CLASS" || a.type.id === "FUNCTION") && a.rank !== null && a.rank < 1,
    ],
    [
      "artefacts",
      'name="getting started.md" OR name~Über',
      (a: Artefact) => a.name === "getting started.md" || a.name.includes("Über"),
    ],
    ["findings", "status IN (OPEN,NEW)", (f: Finding) => f.status === "OPEN" || f.status === "NEW"],
    [
      "findings",
      "tool IN (checkstyle,pmd,spotbugs) AND suspicious=true",
      (f: Finding) => ["checkstyle", "pmd", "spotbugs"].includes(f.tool) && f.suspicious,
    ],
    [
      "findings",
      "definition.description IS NULL",
      (f: Finding) => f.definition.description === null,
    ],
    [
      "findings",
      "definition.description~🔑",
      (f: Finding) => f.definition.description?.includes("🔑") === true,
    ],
    [
      "findings",
      'definition.name~"""execute"""',
      (f: Finding) => f.definition.name.includes('"execute"'),
    ],
    [
      "findings",
      "readOnly=true OR status=IGNORED",
      (f: Finding) => f.readOnly || f.status === "IGNORED",
    ],
    ["findings", "definition.id~eslint:*", (f: Finding) => f.definition.id.startsWith("eslint:")],
  ];
  const schemaOf = {
    projects: schemas.project,
    artefacts: schemas.artefact,
    findings: schemas.finding,
  };

  it.each(rows)("%s where %s", (resource, where, expected) => {
    const records: readonly Json[] = dump[resource];
    const predicate = compileWhere(where, { schema: schemaOf[resource] });
    const ids = records.filter((r) => predicate(r)).map((r) => r.id);
    expect(ids).toEqual(records.filter((r) => expected(r as never)).map((r) => r.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(records.length);
  });
});

describe("dumpChunks", () => {
  it("gives the same text for the same seed and another text for another seed", () => {
    const sizes = { projects: 3, artefactsPerProject: 20, findingsPerProject: 10 };
    const [once, again, other] = [generate(sizes, 7), generate(sizes, 7), generate(sizes, 8)];
    expect(once === again).toBe(true);
    expect(once === other).toBe(false);
  });

  it("draws a project's records the same whatever the number of projects", () => {
    const small = JSON.parse(generate({ ...SAMPLE_SIZES, projects: 3 })) as Dump;
    const first = (records: readonly { projectId: number }[]) =>
      records.filter((r) => r.projectId <= (dump.projects[2]?.id ?? 0));
    expect(small.projects).toEqual(dump.projects.slice(0, 3));
    expect(small.artefacts).toEqual(first(dump.artefacts));
    expect(small.findings).toEqual(first(dump.findings));
  });

  it("streams: the first pieces of a billion-project dump come at once and stay small", () => {
    const chunks = dumpChunks({ projects: 1e9, artefactsPerProject: 100, findingsPerProject: 100 });
    for (let i = 0; i < 3; i++) {
      const { value } = chunks.next();
      expect(typeof value === "string" && value.length < 1 << 17).toBe(true);
    }
  });

  it("writes empty arrays for empty sizes", () => {
    expect(generate({ projects: 0, artefactsPerProject: 0, findingsPerProject: 0 })).toBe(
      '{"projects":[\n],"artefacts":[\n],"findings":[\n],"models":[\n],"versions":[\n],"_translations":[\n]}\n',
    );
    const bare = JSON.parse(
      generate({ projects: 2, artefactsPerProject: 0, findingsPerProject: 0 }),
    );
    expect(bare.findings).toEqual([]);
    expect(bare.artefacts.map((a: Artefact) => a.type.id)).toEqual(["APPLICATION", "APPLICATION"]);
  });

  it.each([
    [{ projects: -1, artefactsPerProject: 1, findingsPerProject: 1 }, "projects"],
    [{ projects: 1, artefactsPerProject: 1.5, findingsPerProject: 1 }, "artefactsPerProject"],
    [{ projects: 1, artefactsPerProject: 1, findingsPerProject: Number.NaN }, "findingsPerProject"],
  ])("rejects %o", (sizes, name) => {
    expect(() => dumpChunks(sizes).next()).toThrow(
      new RangeError(
        `dumpChunks: ${name} must be a non-negative integer; got ${sizes[name as keyof DumpSizes]}`,
      ),
    );
  });
});
