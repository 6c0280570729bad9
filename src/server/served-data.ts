import { own } from "../base/members.ts";
import type { Schema } from "../schema/schema.ts";
import type { Route } from "./routes.ts";
import { TRANSLATIONS_MEMBER } from "./translations.ts";

/** One resource's records, found by id, with the schema its requests are checked against. */
export interface ServedResource {
  readonly name: string;
  readonly records: readonly object[];
  readonly byId: ReadonlyMap<string, object>;
  readonly schema: Schema | undefined;
}

/** Names a resource cannot have: the token's and the dump's paths, and the member that holds a list's links. */
const RESERVED_NAMES: ReadonlySet<string> = new Set(["", "token", "dump", "_links"]);

/** An id as the routes match it: by its text, so `1000` and `"1000"` are one (grammar/language.md 8.6). */
export function keyOf(id: unknown): string | undefined {
  return typeof id === "string" || Number.isFinite(id) ? String(id) : undefined;
}

function indexResource(name: string, records: unknown, schema?: Schema): ServedResource {
  if (RESERVED_NAMES.has(name)) {
    throw new TypeError(`a resource cannot be named ${JSON.stringify(name)}`);
  }
  if (!Array.isArray(records)) throw new TypeError(`the data of "${name}" is not an array`);
  const byId = new Map<string, object>();
  for (const [index, record] of (records as unknown[]).entries()) {
    if (typeof record !== "object" || record === null || Array.isArray(record)) {
      throw new TypeError(`the record at index ${index} of "${name}" is not an object`);
    }
    const key = keyOf(own(record, "id"));
    // The first of repeated ids is the one found, as runQuery finds it.
    if (key !== undefined && !byId.has(key)) byId.set(key, record);
  }
  return { name, records, byId, schema };
}

/** Groups records under the keys `keysOf` gives each, in the records' order, each once per key. */
function groupBy(
  records: readonly object[],
  keysOf: (record: object) => Iterable<string>,
): Map<string, object[]> {
  const groups = new Map<string, object[]>();
  for (const record of records) {
    for (const key of new Set(keysOf(record))) {
      const group = groups.get(key);
      if (group) group.push(record);
      else groups.set(key, [record]);
    }
  }
  return groups;
}

/**
 * The records a server answers from, by resource, with the indexes of the API's nested routes
 * (grammar/language.md 6.8), each built at its first use.
 */
export class ServedData {
  readonly #resources = new Map<string, ServedResource>();
  #artefactsByProject: Map<string, object[]> | undefined;
  #findingsByArtefact: Map<string, object[]> | undefined;

  constructor(
    data: Readonly<Record<string, readonly object[]>>,
    schemas: Readonly<Record<string, Schema>> = {},
  ) {
    for (const [name, records] of Object.entries(data)) {
      // Not a resource: the translations of the others' texts (grammar/language.md 6.11).
      if (name === TRANSLATIONS_MEMBER) continue;
      const schema = Object.hasOwn(schemas, name) ? schemas[name] : undefined;
      this.#resources.set(name, indexResource(name, records, schema));
    }
  }

  /** The resources' names, in the order of the data. */
  get names(): string[] {
    return [...this.#resources.keys()];
  }

  resource(name: string): ServedResource | undefined {
    return this.#resources.get(name);
  }

  /** The first project whose `name` is `name`. */
  projectNamed(name: string): object | undefined {
    return this.resource("projects")?.records.find((project) => own(project, "name") === name);
  }

  /** The artefacts whose `projectId` is the project's id, in their order. */
  artefactsOf(project: object): readonly object[] {
    this.#artefactsByProject ??= groupBy(this.resource("artefacts")?.records ?? [], (artefact) => {
      const key = keyOf(own(artefact, "projectId"));
      return key === undefined ? [] : [key];
    });
    const key = keyOf(own(project, "id"));
    return (key !== undefined && this.#artefactsByProject.get(key)) || [];
  }

  /** The project a record is in by its `projectId`. */
  projectOf(record: object): object | undefined {
    const id = keyOf(own(record, "projectId"));
    return id === undefined ? undefined : this.resource("projects")?.byId.get(id);
  }

  /** The artefact, when the version is its project's own `versionId` (grammar/language.md 6.12). */
  artefactInVersion(versionId: string, artefactId: string): object | undefined {
    const artefact = this.resource("artefacts")?.byId.get(artefactId);
    const project = artefact && this.projectOf(artefact);
    return project && keyOf(own(project, "versionId")) === versionId ? artefact : undefined;
  }

  /**
   * Whether a `GET` of the route finds what it names in these records: the lookup every route
   * makes, and what a link must pass to be kept in a caller's view.
   */
  holds(route: Route): boolean {
    switch (route.kind) {
      case "token":
      case "dump":
        return true;
      case "list":
        return this.resource(route.params.resource) !== undefined;
      case "item":
        return this.resource(route.params.resource)?.byId.has(route.params.id) ?? false;
      case "projectArtefacts":
        return (
          this.resource("artefacts") !== undefined &&
          this.projectNamed(route.params.projectName) !== undefined
        );
      case "artefactFindings":
        return (
          this.resource("findings") !== undefined &&
          this.resource("artefacts")?.byId.has(route.params.artefactId) === true
        );
      case "artefactQuery":
        return this.resource("artefacts")?.byId.has(route.params.artefactId) ?? false;
      case "versionArtefact":
        return (
          this.artefactInVersion(route.params.versionId, route.params.artefactId) !== undefined
        );
    }
  }

  /** The findings with a location in the artefact or in any artefact below it, in their order. */
  findingsBelow(artefactId: string): readonly object[] {
    this.#findingsByArtefact ??= this.#indexFindings();
    return this.#findingsByArtefact.get(artefactId) ?? [];
  }

  #indexFindings(): Map<string, object[]> {
    const artefacts = this.resource("artefacts")?.byId ?? new Map<string, object>();
    // A finding is below every ancestor of each artefact it is located in.
    const withAncestors = function* (start: string): Generator<string> {
      const seen = new Set<string>();
      for (let key: string | undefined = start; key !== undefined && !seen.has(key); ) {
        seen.add(key);
        yield key;
        const artefact = artefacts.get(key);
        key = artefact && keyOf(own(artefact, "parentId"));
      }
    };
    return groupBy(this.resource("findings")?.records ?? [], function* (finding) {
      const locations = own(finding, "locations");
      if (!Array.isArray(locations)) return;
      for (const location of locations as unknown[]) {
        if (typeof location !== "object" || location === null) continue;
        const key = keyOf(own(location, "artefactId"));
        if (key !== undefined) yield* withAncestors(key);
      }
    });
  }
}
