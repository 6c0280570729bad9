// How the records of a caller's view name one another (grammar/language.md 6.10): the fields
// that name a record of another resource, and the `_links` the server's records carry. In a
// view, a reference to a record the view lacks goes the way of that record, and a link stays
// only when the fields it is made from are seen and the view holds what it names.
import { isPlainRecord, own } from "../base/members.ts";
import { matchRoute, pathOf, type Route } from "./routes.ts";
import { keyOf, type ServedData } from "./served-data.ts";

/** Whether the view holds the record of `resource` with this id; true for a resource the data lacks. */
export type Holds = (resource: string, id: string) => boolean;

/**
 * A member of a record that names records of `names` by their ids: `one`, the member is the id;
 * `items`, an array of objects each naming one by `key`, whose item naming a record the view
 * lacks goes whole (a location) or loses its key (a branch); `lists`, an object of id arrays.
 */
type Reference = { readonly member: string; readonly names: string } & (
  | { readonly shape: "one" }
  | { readonly shape: "items"; readonly key: string; readonly unseenItem: "drop" | "cut" }
  | { readonly shape: "lists" }
);

/** The members of the API's records that name others (grammar/language.md 6.12, 8.6). */
const REFERENCES: Readonly<Record<string, readonly Reference[]>> = {
  projects: [
    { member: "versionId", names: "versions", shape: "one" },
    { member: "modelUId", names: "models", shape: "one" },
    { member: "artefactId", names: "artefacts", shape: "one" },
    { member: "branches", names: "versions", shape: "items", key: "versionId", unseenItem: "cut" },
  ],
  artefacts: [
    { member: "projectId", names: "projects", shape: "one" },
    { member: "parentId", names: "artefacts", shape: "one" },
    { member: "links", names: "artefacts", shape: "lists" },
  ],
  findings: [
    { member: "projectId", names: "projects", shape: "one" },
    {
      member: "locations",
      names: "artefacts",
      shape: "items",
      key: "artefactId",
      unseenItem: "drop",
    },
  ],
  versions: [{ member: "projectId", names: "projects", shape: "one" }],
};

const referencesOf = (resource: string): readonly Reference[] =>
  (Object.hasOwn(REFERENCES, resource) ? REFERENCES[resource] : undefined) ?? [];

/** The ids of `target` records that `resource`'s records name (a project's models and versions). */
export function idsNamed(
  resource: string,
  records: readonly object[],
  target: string,
): Set<string> {
  const ids = new Set<string>();
  const add = (value: unknown) => {
    const id = keyOf(value);
    if (id !== undefined) ids.add(id);
  };
  for (const reference of referencesOf(resource)) {
    if (reference.names !== target) continue;
    for (const record of records) {
      const value = own(record, reference.member);
      if (reference.shape === "one") add(value);
      else if (reference.shape === "items" && Array.isArray(value)) {
        for (const item of value) if (isPlainRecord(item)) add(own(item, reference.key));
      } else if (reference.shape === "lists" && isPlainRecord(value)) {
        for (const list of Object.values(value)) if (Array.isArray(list)) list.forEach(add);
      }
    }
  }
  return ids;
}

/** Whether an id (null and absent name nothing) names a record the view lacks. */
function namesUnseen(value: unknown, names: string, holds: Holds): boolean {
  const key = keyOf(value);
  return key !== undefined && !holds(names, key);
}

/** The record without the members, items and ids that name a record the view lacks; itself when none does. */
export function withoutUnseenReferences(resource: string, record: object, holds: Holds): object {
  const references = referencesOf(resource);
  if (references.length === 0) return record;
  let out: Record<string, unknown> | undefined;
  const set = (member: string, value: unknown) => {
    out ??= { ...record };
    if (value === undefined) delete out[member];
    else out[member] = value;
  };
  for (const reference of references) {
    const { member, names } = reference;
    const value = own(record, member);
    if (reference.shape === "one") {
      if (namesUnseen(value, names, holds)) set(member, undefined);
    } else if (reference.shape === "items" && Array.isArray(value)) {
      const { key, unseenItem } = reference;
      const unseen = (item: unknown) =>
        isPlainRecord(item) && namesUnseen(own(item, key), names, holds);
      if (!value.some(unseen)) continue;
      set(
        member,
        unseenItem === "drop"
          ? value.filter((item) => !unseen(item))
          : value.map((item) => {
              if (!unseen(item)) return item;
              const { [key]: _, ...rest } = item as Record<string, unknown>;
              return rest;
            }),
      );
    } else if (reference.shape === "lists" && isPlainRecord(value)) {
      const lists = Object.entries(value);
      const unseen = (ids: unknown) =>
        Array.isArray(ids) && ids.some((id) => namesUnseen(id, names, holds));
      if (!lists.some(([, ids]) => unseen(ids))) continue;
      const kept: Record<string, unknown> = {};
      for (const [name, ids] of lists) {
        if (!Array.isArray(ids)) kept[name] = ids;
        else {
          const seen = ids.filter((id) => !namesUnseen(id, names, holds));
          // A kind of link left with no target goes too: its emptiness would tell of hidden ones.
          if (seen.length > 0 || ids.length === 0) kept[name] = seen;
        }
      }
      set(member, kept);
    }
  }
  return out ?? record;
}

/** A member's id as a route parameter. */
const idAt = (record: object | undefined, member: string): string | undefined =>
  record === undefined ? undefined : keyOf(own(record, member));

/** Makes a link's route from the record and the view it is in; undefined when they cannot. */
type LinkRule = (record: object, resource: string, view: ServedData) => Route | undefined;

const self: LinkRule = (record, resource) => {
  const id = idAt(record, "id");
  return id === undefined ? undefined : { kind: "item", params: { resource, id } };
};

const itemOf =
  (resource: string, id: (record: object, view: ServedData) => string | undefined): LinkRule =>
  (record, _, view) => {
    const found = id(record, view);
    return found === undefined ? undefined : { kind: "item", params: { resource, id: found } };
  };

const project = itemOf("projects", (record) => idAt(record, "projectId"));

/** The first location's artefact, in the version of the record's project. */
const artefactInVersion: LinkRule = (record, _, view) => {
  const locations = own(record, "locations");
  const first = Array.isArray(locations) && isPlainRecord(locations[0]) ? locations[0] : undefined;
  const artefactId = idAt(first, "artefactId");
  const versionId = idAt(view.projectOf(record), "versionId");
  return artefactId === undefined || versionId === undefined
    ? undefined
    : { kind: "versionArtefact", params: { versionId, artefactId } };
};

/**
 * The links a record of each of the API's resources carries (grammar/language.md 6.12), each made
 * from the fields it names; any resource's record links to itself as `self`.
 */
const LINK_RULES: Readonly<Record<string, Readonly<Record<string, LinkRule>>>> = {
  projects: {
    self,
    artefacts: (record) => {
      const name = own(record, "name");
      return typeof name === "string" && name !== ""
        ? { kind: "projectArtefacts", params: { projectName: name } }
        : undefined;
    },
    model: itemOf("models", (record) => idAt(record, "modelUId")),
    version: itemOf("versions", (record) => idAt(record, "versionId")),
  },
  artefacts: {
    self,
    project,
    findings: (record) => {
      const id = idAt(record, "id");
      return id === undefined
        ? undefined
        : { kind: "artefactFindings", params: { artefactId: id } };
    },
    query: (record) => {
      const id = idAt(record, "id");
      return id === undefined ? undefined : { kind: "artefactQuery", params: { artefactId: id } };
    },
  },
  findings: {
    self,
    project,
    model: itemOf("models", (record, view) => idAt(view.projectOf(record), "modelUId")),
    version: itemOf("versions", (record, view) => idAt(view.projectOf(record), "versionId")),
    artefact: artefactInVersion,
  },
  versions: { self, project },
};

/**
 * The paths of the links `record` of `resource` makes in `view` (grammar/language.md 6.12), by
 * link name: those its fields make and whose target the view holds.
 */
export function linksMade(
  resource: string,
  record: object,
  view: ServedData,
): Record<string, string> {
  const rules = Object.hasOwn(LINK_RULES, resource) ? LINK_RULES[resource] : { self };
  const made: Record<string, string> = {};
  for (const [name, rule] of Object.entries(rules ?? {})) {
    const route = rule(record, resource, view);
    if (route && view.holds(route)) made[name] = pathOf(route.kind, route.params as never);
  }
  return made;
}

/** The route a link's href names, or undefined for an href that names none of the API's. */
function routeOfHref(href: unknown): Route | undefined {
  if (typeof href !== "string") return undefined;
  try {
    return matchRoute(new URL(href, "http://localhost").pathname);
  } catch {
    return undefined;
  }
}

const sameRoute = (a: Route, b: Route): boolean =>
  a.kind === b.kind && pathOf(a.kind, a.params as never) === pathOf(b.kind, b.params as never);

/**
 * A record's `_links` as a caller's view holds it: each link the record carries that its
 * resource's rules make, kept when the view's fields make the same route and the view holds
 * what it names; every other link goes, as nothing tells which fields it was made from.
 */
export function linksInView(resource: string, record: object, view: ServedData): object {
  const links = own(record, "_links");
  if (!isPlainRecord(links)) return record;
  const rules = Object.hasOwn(LINK_RULES, resource) ? LINK_RULES[resource] : { self };
  const kept: Record<string, unknown> = {};
  let changed = false;
  for (const [name, link] of Object.entries(links)) {
    const rule = rules !== undefined && Object.hasOwn(rules, name) ? rules[name] : undefined;
    const stored = isPlainRecord(link) ? routeOfHref(own(link, "href")) : undefined;
    const made = rule?.(record, resource, view);
    if (stored && made && sameRoute(stored, made) && view.holds(made)) kept[name] = link;
    else changed = true;
  }
  return changed ? { ...record, _links: kept } : record;
}
