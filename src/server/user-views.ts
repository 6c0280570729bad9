import { type AccessPolicy, policedFields, readAccessPolicy } from "../api/access-policy.ts";
import { compileWhere } from "../api/compile-where.ts";
import { compileProjection } from "../backends/projection/compile-projection.ts";
import { own } from "../base/members.ts";
import type { Schema } from "../schema/schema.ts";
import { keyOf, ServedData } from "./served-data.ts";
import { TRANSLATIONS_MEMBER, type Translations } from "./translations.ts";
import type { ServerUser } from "./users.ts";

/** What the holder of a token sees (grammar/language.md 6.10), in each language (6.11). */
export interface UserView {
  /** Tells views apart in the server's caches: "" for the view of everything. */
  readonly key: string;
  /** The user, or undefined for a token of the server's own. */
  readonly user: ServerUser | undefined;
  /** The records the holder sees in a language, with the nested routes' indexes over them. */
  dataIn(language: string): ServedData;
  /** The selection and filter fields each resource's answers are checked against and cut to. */
  policyOf(resource: string): AccessPolicy | undefined;
  /**
   * A resource's records as the holder sees them in a language: those seen, each cut to the
   * fields its policy opens. What the dump answers, and what a query definition runs over.
   */
  recordsAsSeen(resource: string, language: string): readonly object[];
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
 * The views of a server's users, each made at its first request and kept: the records never
 * change. The view of everything serves the server's own permanent tokens and users who see
 * every project under no policy.
 */
export class UserViews {
  readonly #data: Readonly<Record<string, readonly object[]>>;
  readonly #schemas: Readonly<Record<string, Schema>>;
  readonly #everything: UserView;
  readonly #views = new Map<string, UserView>();
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
    this.#everything = this.#view("", undefined, data, full, new Map());
    for (const user of users.values()) this.#checkPolicies(user);
  }

  /**
   * A view of `seen` (by resource), its records localized at the first request in each language
   * and kept, as are the artefacts its query definitions run over.
   */
  #view(
    key: string,
    user: ServerUser | undefined,
    seen: Readonly<Record<string, readonly object[]>>,
    served: ServedData,
    fieldPolicies: ReadonlyMap<string, AccessPolicy>,
  ): UserView {
    const translations = this.#translations;
    const byLanguage = new Map<string, ServedData>();
    const asSeen = new Map<string, readonly object[]>();
    const dataIn = (language: string): ServedData => {
      if (!translations.any || language === translations.languages[0]) return served;
      let localized = byLanguage.get(language);
      if (!localized) {
        const records: Record<string, readonly object[]> = {};
        for (const [resource, rows] of Object.entries(seen)) {
          if (resource === TRANSLATIONS_MEMBER) continue;
          records[resource] = translations.localize(resource, rows, language);
        }
        localized = new ServedData(records, this.#schemas);
        byLanguage.set(language, localized);
      }
      return localized;
    };
    return {
      key,
      user,
      dataIn,
      policyOf: (resource) => fieldPolicies.get(resource),
      recordsAsSeen: (resource, language) => {
        const key = `${resource}\u0000${language}`;
        let records = asSeen.get(key);
        if (!records) {
          const seenIn = dataIn(language).resource(resource)?.records ?? [];
          const policy = readAccessPolicy(
            CALLER,
            fieldPolicies.get(resource),
            this.#schemaOf(resource),
          );
          const visible = policedFields(policy, undefined);
          const project = visible && compileProjection(visible);
          records = project ? seenIn.map((record) => project(record) as object) : seenIn;
          asSeen.set(key, records);
        }
        return records;
      },
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
  of(holder: string): UserView {
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

  #viewOf(user: ServerUser): UserView {
    if (
      user.projects === undefined &&
      user.sees === undefined &&
      Object.keys(user.policies).length === 0
    ) {
      // The records and caches of everything, with the user's own defaults.
      return { ...this.#everything, user };
    }
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
    const seen = new Set(projects.map((project) => keyOf(own(project, "id")) ?? "\u0000"));
    const seesEveryProject =
      projects.length === allProjects.length && (listed === undefined || allProjects.length > 0);
    const artefactsById = this.#full.resource("artefacts")?.byId ?? new Map<string, object>();
    const data: Record<string, readonly object[]> = {};
    for (const [resource, records] of Object.entries(this.#data)) {
      if (resource === TRANSLATIONS_MEMBER) continue;
      if (resource === "projects") {
        data[resource] = projects;
        continue;
      }
      const keep = keeps(resource);
      if (resource === "models") {
        // A model is shared: seen with any project seen that uses it (grammar/language.md 6.10).
        const used = new Set(
          projects.map((project) => keyOf(own(project, "modelUId")) ?? "\u0000"),
        );
        data[resource] = records.filter(
          (model) =>
            (seesEveryProject || used.has(keyOf(own(model, "id")) ?? "\u0001")) && keep(model),
        );
        continue;
      }
      data[resource] = records.filter((record) => {
        const inProjects = projectsOf(record, artefactsById);
        const visible =
          seesEveryProject ||
          (inProjects.length > 0 && inProjects.every((project) => seen.has(project)));
        return visible && keep(record);
      });
    }
    const served = new ServedData(data, this.#schemas);
    // The list handlers and items read the policies' fields; their filters made the data above.
    const fieldPolicies = new Map<string, AccessPolicy>();
    for (const [resource, policy] of Object.entries(user.policies)) {
      const { selectable, filterable } = policy;
      fieldPolicies.set(resource, {
        ...(selectable === undefined ? {} : { selectable }),
        ...(filterable === undefined ? {} : { filterable }),
      });
    }
    return this.#view(`user:${user.name}`, user, data, served, fieldPolicies);
  }
}
