import { type AccessPolicy, policedFields, readAccessPolicy } from "../api/access-policy.ts";
import { compileWhere } from "../api/compile-where.ts";
import { compileProjection } from "../backends/projection/compile-projection.ts";
import { own } from "../base/members.ts";
import type { Schema } from "../schema/schema.ts";
import { keyOf, ServedData } from "./served-data.ts";
import { TRANSLATIONS_MEMBER, type Translations } from "./translations.ts";
import type { ServerUser } from "./users.ts";
import { idsNamed, linksInView, withoutUnseenReferences } from "./view-references.ts";

declare const seen: unique symbol;

/**
 * The records one caller sees (grammar/language.md 6.10), as a dump of their own: only
 * `CallerViews` makes one, so a route that is handed one cannot answer from the whole data.
 */
export type SeenData = ServedData & { readonly [seen]: true };

/** What the holder of a token sees (grammar/language.md 6.10), in each language (6.11). */
export interface CallerView {
  /** Tells views apart in the server's caches: "" for the view of everything. */
  readonly key: string;
  /** The user, or undefined for a token of the server's own. */
  readonly user: ServerUser | undefined;
  /** The records the holder sees in a language, each as it sees it, with the routes' indexes over them. */
  dataIn(language: string): SeenData;
  /** The selection and filter fields each resource's requests are checked against and cut to. */
  policyOf(resource: string): AccessPolicy | undefined;
}

const CALLER = "createApiServer";

/** The projects a record is in: its `projectId`, else those of the artefacts it is located in. */
function projectsOf(record: object, artefacts: ReadonlyMap<string, object>): string[] {
  const named = keyOf(own(record, "projectId"));
  if (named !== undefined) return [named];
  const locations = own(record, "locations");
  if (!Array.isArray(locations)) return [];
  const projects = new Set<string>();
  for (const location of locations as unknown[]) {
    if (typeof location !== "object" || location === null) continue;
    const artefact = artefacts.get(keyOf(own(location, "artefactId")) ?? "");
    const project = artefact && keyOf(own(artefact, "projectId"));
    // A location in an artefact of no known project could be anyone's.
    projects.add(project ?? "");
  }
  return [...projects];
}

/**
 * Models and versions are seen through the projects that name them (grammar/language.md 6.12),
 * by the members that name them (`modelUId`; `versionId` and a branch's).
 */
const SEEN_THROUGH_PROJECTS: readonly string[] = ["models", "versions"];

/**
 * The views of a server's callers, each made at its first request and kept: the records never
 * change. The view of everything serves the server's own permanent tokens and users who see
 * every project under no policy.
 */
export class CallerViews {
  readonly #data: Readonly<Record<string, readonly object[]>>;
  readonly #schemas: Readonly<Record<string, Schema>>;
  readonly #everything: CallerView;
  readonly #views = new Map<string, CallerView>();
  readonly #users: ReadonlyMap<string, ServerUser>;
  readonly #translations: Translations;
  /** Everything, indexed: the artefacts a finding's locations name are found in it. */
  readonly #full: ServedData;

  constructor(
    data: Readonly<Record<string, readonly object[]>>,
    schemas: Readonly<Record<string, Schema>>,
    full: ServedData,
    users: ReadonlyMap<string, ServerUser>,
    translations: Translations,
  ) {
    this.#data = data;
    this.#schemas = schemas;
    this.#users = users;
    this.#translations = translations;
    this.#full = full;
    this.#everything = this.#everythingView();
    for (const user of users.values()) this.#checkPolicies(user);
  }

  /** Everything, localized at the first request in each language and kept. */
  #everythingView(): CallerView {
    const translations = this.#translations;
    const byLanguage = new Map<string, SeenData>();
    return {
      key: "",
      user: undefined,
      dataIn: (language) => {
        if (!translations.any || language === translations.languages[0]) {
          return this.#full as SeenData;
        }
        let localized = byLanguage.get(language);
        if (!localized) {
          const records: Record<string, readonly object[]> = {};
          for (const [resource, rows] of Object.entries(this.#data)) {
            if (resource === TRANSLATIONS_MEMBER) continue;
            records[resource] = translations.localize(resource, rows, language);
          }
          localized = new ServedData(records, this.#schemas) as SeenData;
          byLanguage.set(language, localized);
        }
        return localized;
      },
      policyOf: () => undefined,
    };
  }

  /** Checks a user's policies when the server is made: each names a resource and fits its schema. */
  #checkPolicies(user: ServerUser): void {
    for (const [resource, policy] of Object.entries(user.policies)) {
      if (!Object.hasOwn(this.#data, resource)) {
        throw new TypeError(
          `the user ${JSON.stringify(user.name)}: policies.${resource}: the data has no such resource`,
        );
      }
      readAccessPolicy(CALLER, policy, this.#schemaOf(resource));
    }
  }

  #schemaOf(resource: string): Schema | undefined {
    return Object.hasOwn(this.#schemas, resource) ? this.#schemas[resource] : undefined;
  }

  /** The view of a token's holder (`user:<name>`, or `token:<digest>` for the server's own). */
  of(holder: string): CallerView {
    if (!holder.startsWith("user:")) return this.#everything;
    const name = holder.slice("user:".length);
    let view = this.#views.get(name);
    if (!view) {
      const user = this.#users.get(name);
      view = user ? this.#viewOf(user) : this.#everything;
      this.#views.set(name, view);
    }
    return view;
  }

  #viewOf(user: ServerUser): CallerView {
    if (
      user.projects === undefined &&
      user.sees === undefined &&
      Object.keys(user.policies).length === 0
    ) {
      // The records and caches of everything, with the user's own defaults.
      return { ...this.#everything, user };
    }
    const rows = this.#rowsSeenBy(user);
    // The list handlers and items read the policies' fields; their filters chose the rows.
    const fieldPolicies = new Map<string, AccessPolicy>();
    for (const [resource, policy] of Object.entries(user.policies)) {
      const { selectable, filterable } = policy;
      fieldPolicies.set(resource, {
        ...(selectable === undefined ? {} : { selectable }),
        ...(filterable === undefined ? {} : { filterable }),
      });
    }
    const byLanguage = new Map<string, SeenData>();
    return {
      key: `user:${user.name}`,
      user,
      dataIn: (language) => {
        let data = byLanguage.get(language);
        if (!data) {
          data = this.#seenIn(rows, fieldPolicies, language);
          byLanguage.set(language, data);
        }
        return data;
      },
      policyOf: (resource) => fieldPolicies.get(resource),
    };
  }

  /**
   * The records a restricted caller sees, whole and in the server's language: the projects it
   * names and its policies' filters keep, and the records of other resources in those projects.
   */
  #rowsSeenBy(user: ServerUser): Record<string, readonly object[]> {
    const keeps = (resource: string): ((record: object) => boolean) => {
      const where = user.policies[resource]?.where;
      const matches =
        where === undefined ? undefined : compileWhere(where, { schema: this.#schemaOf(resource) });
      const { sees } = user;
      return (record) =>
        (matches === undefined || matches(record)) &&
        (sees === undefined || sees(record, resource));
    };
    const allProjects = this.#data.projects ?? [];
    const listed = user.projects;
    const keepProject = keeps("projects");
    const projects = allProjects.filter(
      (project) =>
        (listed === undefined ||
          listed.has(keyOf(own(project, "id")) ?? "\u0000") ||
          (typeof own(project, "name") === "string" &&
            listed.has(own(project, "name") as string))) &&
        keepProject(project),
    );
    const seenProjects = new Set(projects.map((project) => keyOf(own(project, "id")) ?? "\u0000"));
    const seesEveryProject =
      projects.length === allProjects.length && (listed === undefined || allProjects.length > 0);
    const artefactsById = this.#full.resource("artefacts")?.byId ?? new Map<string, object>();
    const rows: Record<string, readonly object[]> = {};
    for (const [resource, records] of Object.entries(this.#data)) {
      if (resource === TRANSLATIONS_MEMBER) continue;
      if (resource === "projects") {
        rows[resource] = projects;
        continue;
      }
      const keep = keeps(resource);
      rows[resource] = records.filter((record) => {
        if (!keep(record)) return false;
        // A model is in no project: the projects that name it decide (#seenIn).
        if (seesEveryProject || resource === "models") return true;
        const inProjects = projectsOf(record, artefactsById);
        return inProjects.length > 0 && inProjects.every((project) => seenProjects.has(project));
      });
    }
    return rows;
  }

  /**
   * A restricted caller's records in a language, as a dump of their own (grammar/language.md
   * 6.10): each cut to its policy's selection; models and versions those of the seen projects
   * that name them; then no field naming a record the view lacks, and links only to what it holds.
   */
  #seenIn(
    rows: Readonly<Record<string, readonly object[]>>,
    fieldPolicies: ReadonlyMap<string, AccessPolicy>,
    language: string,
  ): SeenData {
    const translations = this.#translations;
    const projected: Record<string, readonly object[]> = {};
    for (const [resource, records] of Object.entries(rows)) {
      // The records themselves where the language has no translation of this resource.
      const localized = translations.localize(resource, records, language);
      const policy = readAccessPolicy(
        CALLER,
        fieldPolicies.get(resource),
        this.#schemaOf(resource),
      );
      const visible = policedFields(policy, undefined);
      const project = visible && compileProjection(visible);
      projected[resource] = project
        ? localized.map((record) => project(record) as object)
        : localized;
    }
    const projects = projected.projects;
    for (const resource of SEEN_THROUGH_PROJECTS) {
      const records = projected[resource];
      // Data without projects names nothing through them: its models and versions stand alone.
      if (records === undefined || projects === undefined) continue;
      const named = idsNamed("projects", projects, resource);
      projected[resource] = records.filter((record) =>
        named.has(keyOf(own(record, "id")) ?? "\u0000"),
      );
    }
    const held = new Map<string, Set<string>>();
    for (const [resource, records] of Object.entries(projected)) {
      held.set(resource, new Set(records.flatMap((record) => keyOf(own(record, "id")) ?? [])));
    }
    const holds = (resource: string, id: string) => held.get(resource)?.has(id) ?? true;
    const referenced: Record<string, readonly object[]> = {};
    for (const [resource, records] of Object.entries(projected)) {
      referenced[resource] = records.map((record) =>
        withoutUnseenReferences(resource, record, holds),
      );
    }
    const indexed = new ServedData(referenced, this.#schemas);
    const linked: Record<string, readonly object[]> = {};
    for (const [resource, records] of Object.entries(referenced)) {
      linked[resource] = records.map((record) => linksInView(resource, record, indexed));
    }
    return new ServedData(linked, this.#schemas) as SeenData;
  }
}
