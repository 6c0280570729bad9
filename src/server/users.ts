import type { AccessPolicy } from "../api/access-policy.ts";
import { calendarOf } from "../backends/predicate/calendar.ts";
import { isPlainRecord, oneOf, own } from "../base/members.ts";
import { optionNamesOf } from "../check/read-options.ts";
import { describeFound } from "../errors/invalid-input.ts";
import { UnknownTimeZoneError } from "../errors/unknown-time-zone-error.ts";
import type { Secret } from "./authorization.ts";
import { readPasswordDigest } from "./password-digest.ts";
import { canonicalLanguage } from "./translations.ts";

/**
 * One user of the reference server (grammar/language.md 6.10): how it signs in, what it sees,
 * and its defaults. Every member may be left out but one of `password`, `passwordDigest` and
 * `permanentTokens`, so that the user can get in.
 */
export interface ApiUser {
  /** The password of `GET /api/token`. */
  readonly password?: string | undefined;
  /** Or its scrypt digest, as `digestPassword` (`qaql serve --digest-password`) writes it. */
  readonly passwordDigest?: string | undefined;
  /** Bearer tokens of this user that never expire (token68, 20 characters or more). */
  readonly permanentTokens?: readonly string[] | undefined;
  /** The projects the user sees, by id or name; every project when left out. */
  readonly projects?: readonly (string | number)[] | undefined;
  /**
   * What the user may do with each resource's filters and selections, by resource name
   * (grammar/language.md 6.9); a policy's `where` keeps the records the user sees.
   */
  readonly policies?: Readonly<Record<string, AccessPolicy>> | undefined;
  /** A test of each record the user may see, beside `projects` and the policies' filters. */
  readonly sees?: ((record: object, resource: string) => boolean) | undefined;
  /** The language answers are in when a request asks for none (`fr`, `de-CH`). */
  readonly language?: string | undefined;
  /** The IANA zone dates are read in when a request has no `timezone` header. */
  readonly timeZone?: string | undefined;
}

/** What the server keeps of a user besides its secret. */
export interface ServerUser {
  readonly name: string;
  readonly projects: ReadonlySet<string> | undefined;
  readonly policies: Readonly<Record<string, AccessPolicy>>;
  readonly sees: ((record: object, resource: string) => boolean) | undefined;
  readonly language: string | undefined;
  readonly timeZone: string | undefined;
}

/** The users of a server: their secrets, their settings, and the permanent tokens of each. */
export interface ServerUsers {
  readonly secrets: ReadonlyMap<string, Secret>;
  readonly users: ReadonlyMap<string, ServerUser>;
  /** Permanent tokens by owner: `undefined` for the server's own, which see everything. */
  readonly permanentTokens: readonly {
    readonly token: string;
    readonly user: string | undefined;
  }[];
}

const USER_MEMBERS = optionNamesOf<ApiUser>({
  password: true,
  passwordDigest: true,
  permanentTokens: true,
  projects: true,
  policies: true,
  sees: true,
  language: true,
  timeZone: true,
});

function fail(user: string, member: string, problem: string): never {
  throw new TypeError(`the user ${JSON.stringify(user)}: ${member ? `${member}: ` : ""}${problem}`);
}

function optionalString(name: string, member: string, value: unknown): string | undefined {
  if (value === undefined || typeof value === "string") return value;
  return fail(name, member, `expected a string; found ${describeFound(value)}`);
}

function stringList(name: string, member: string, value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    return fail(name, member, `expected an array; found ${describeFound(value)}`);
  return value.map((item) =>
    typeof item === "string"
      ? item
      : fail(name, member, `expected strings; found ${describeFound(item)}`),
  );
}

function readProjects(name: string, value: unknown): Set<string> | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    return fail(
      name,
      "projects",
      `expected an array of ids and names; found ${describeFound(value)}`,
    );
  return new Set(
    value.map((item) =>
      typeof item === "string" || Number.isSafeInteger(item)
        ? String(item)
        : fail(name, "projects", `expected ids and names; found ${describeFound(item)}`),
    ),
  );
}

function readPolicies(name: string, value: unknown): Record<string, AccessPolicy> {
  if (value === undefined) return {};
  if (!isPlainRecord(value)) {
    return fail(
      name,
      "policies",
      `expected a policy by resource name; found ${describeFound(value)}`,
    );
  }
  const policies: Record<string, AccessPolicy> = Object.create(null);
  for (const [resource, policy] of Object.entries(value)) {
    if (!isPlainRecord(policy)) {
      fail(
        name,
        `policies.${resource}`,
        `expected { selectable, filterable, where }; found ${describeFound(policy)}`,
      );
    }
    policies[resource] = policy as AccessPolicy;
  }
  return policies;
}

/** Reads one user of `users`: its password as a string, or an `ApiUser`. */
function readUser(
  name: string,
  given: unknown,
): { secret: Secret | undefined; user: ServerUser; tokens: string[] } {
  if (typeof given === "string") {
    return { secret: { password: given }, user: everything(name), tokens: [] };
  }
  if (!isPlainRecord(given)) {
    return fail(
      name,
      "",
      `expected a password or { password, projects, … }; found ${describeFound(given)}`,
    );
  }
  for (const member of Object.keys(given)) {
    if (!USER_MEMBERS.includes(member))
      fail(name, member, `unknown member; expected ${oneOf(USER_MEMBERS)}`);
  }
  const password = optionalString(name, "password", own(given, "password"));
  const digestText = optionalString(name, "passwordDigest", own(given, "passwordDigest"));
  if (password !== undefined && digestText !== undefined) {
    fail(name, "", "give a password or a passwordDigest, not both");
  }
  let secret: Secret | undefined;
  if (password !== undefined) secret = { password };
  if (digestText !== undefined) {
    try {
      secret = { digest: readPasswordDigest(digestText) };
    } catch (error) {
      fail(name, "passwordDigest", (error as Error).message);
    }
  }
  const tokens = stringList(name, "permanentTokens", own(given, "permanentTokens")) ?? [];
  if (secret === undefined && tokens.length === 0) {
    fail(
      name,
      "",
      "give a password, a passwordDigest or permanentTokens, or the user can never get in",
    );
  }
  const sees = own(given, "sees");
  if (sees !== undefined && typeof sees !== "function") {
    fail(name, "sees", `expected a function; found ${describeFound(sees)}`);
  }
  return {
    secret,
    tokens,
    user: {
      name,
      projects: readProjects(name, own(given, "projects")),
      policies: readPolicies(name, own(given, "policies")),
      sees: sees as ServerUser["sees"],
      language: readLanguage(name, own(given, "language")),
      timeZone: readZone(name, own(given, "timeZone")),
    },
  };
}

function readLanguage(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  try {
    return canonicalLanguage(value, "language");
  } catch (error) {
    return fail(name, "", (error as Error).message);
  }
}

function readZone(name: string, value: unknown): string | undefined {
  const zone = optionalString(name, "timeZone", value);
  if (zone === undefined) return undefined;
  try {
    return calendarOf(zone).timeZone;
  } catch (error) {
    if (error instanceof UnknownTimeZoneError) return fail(name, "timeZone", error.message);
    throw error;
  }
}

/** A user who sees everything, with no default of its own. */
function everything(name: string): ServerUser {
  return {
    name,
    projects: undefined,
    policies: {},
    sees: undefined,
    language: undefined,
    timeZone: undefined,
  };
}

/**
 * Reads a server's users: `user` and `password`, every one of `users` (a password, or an
 * `ApiUser`), and the server's own permanent tokens. A `TypeError` names the user at fault.
 */
export function readServerUsers(options: {
  readonly user?: unknown;
  readonly password?: unknown;
  readonly users?: unknown;
  readonly permanentTokens?: unknown;
}): ServerUsers {
  const { user, password } = options;
  if ((user === undefined) !== (password === undefined)) {
    throw new TypeError("give both user and password, or neither");
  }
  const secrets = new Map<string, Secret>();
  const users = new Map<string, ServerUser>();
  const permanentTokens: { token: string; user: string | undefined }[] = [];
  if (user !== undefined) {
    if (typeof user !== "string" || typeof password !== "string") {
      throw new TypeError("user and password are strings");
    }
    secrets.set(user, { password });
    users.set(user, everything(user));
  }
  const given = options.users ?? {};
  if (!isPlainRecord(given))
    throw new TypeError(`users: expected users by name; found ${describeFound(given)}`);
  for (const [name, value] of Object.entries(given)) {
    if (users.has(name)) throw new TypeError(`the user ${JSON.stringify(name)} is given twice`);
    const read = readUser(name, value);
    if (read.secret) secrets.set(name, read.secret);
    users.set(name, read.user);
    for (const token of read.tokens) permanentTokens.push({ token, user: name });
  }
  const own = options.permanentTokens ?? [];
  if (!Array.isArray(own))
    throw new TypeError(`permanentTokens: expected an array; found ${describeFound(own)}`);
  for (const token of own) permanentTokens.push({ token, user: undefined });
  if (secrets.size === 0 && permanentTokens.length === 0) {
    throw new TypeError(
      "nobody could use this server: give a user and password, or permanentTokens",
    );
  }
  return { secrets, users, permanentTokens };
}
