import { createHash, timingSafeEqual } from "node:crypto";
import { matchesDigest, type PasswordDigest } from "./password-digest.ts";

/** The user name of Basic credentials (RFC 7617), or undefined when they are not base64 of `user:password`. */
export function basicUserOf(credentials: string): string | undefined {
  if (!BASE64.test(credentials) || credentials.length % 4 === 1) return undefined;
  const decoded = Buffer.from(credentials, "base64");
  const colon = decoded.indexOf(0x3a);
  return colon === -1 ? undefined : decoded.subarray(0, colon).toString("utf8");
}

/** An `Authorization` header cut into its scheme (lower-cased) and credentials (RFC 9110 11.4). */
export interface Authorization {
  readonly scheme: string;
  readonly credentials: string;
}

const AUTHORIZATION = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?: +(.*))?$/s;

/** Cuts an `Authorization` header; `undefined` when absent, blank or without a scheme. */
export function readAuthorization(header: string | undefined): Authorization | undefined {
  const match = AUTHORIZATION.exec(header?.trim() ?? "");
  if (!match) return undefined;
  return { scheme: (match[1] ?? "").toLowerCase(), credentials: (match[2] ?? "").trim() };
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const digestOf = (bytes: Buffer): Buffer => createHash("sha256").update(bytes).digest();

/** The verdict on Basic credentials: whose they are, or why they are refused. */
export type BasicVerdict =
  | { readonly verdict: "ok"; readonly user: string }
  | { readonly verdict: "malformed" }
  | { readonly verdict: "wrong" };

/** How a user of `GET /api/token` proves who it is: a password, or its scrypt digest. */
export type Secret = { readonly password: string } | { readonly digest: PasswordDigest };

/**
 * Makes the check of Basic credentials (RFC 7617) against the users given (secret by user
 * name): `malformed` when they are not base64 of `user:password`, else `wrong` or `ok` with the
 * user. Passwords are compared in constant time over SHA-256 digests, every user each time, so
 * neither the length nor the text of a secret, nor which user matched, leaks; where some users
 * have digests, every check derives one scrypt key (a decoy for a name without a digest), so
 * the time taken does not tell those names apart either.
 */
export function createBasicCheck(
  secrets: ReadonlyMap<string, Secret>,
): (credentials: string) => Promise<BasicVerdict> {
  const expected: { user: string; digest: Buffer }[] = [];
  const digests = new Map<string, PasswordDigest>();
  for (const [user, secret] of secrets) {
    if (user.includes(":")) {
      throw new TypeError("a Basic user name cannot hold a colon (RFC 7617)");
    }
    if ("digest" in secret) digests.set(user, secret.digest);
    else
      expected.push({ user, digest: digestOf(Buffer.from(`${user}:${secret.password}`, "utf8")) });
  }
  const decoy = digests.values().next().value;
  if (decoy !== undefined) {
    const cost = (digest: PasswordDigest) => `ln=${digest.logN},r=${digest.r},p=${digest.p}`;
    const costs = new Map<string, string>();
    for (const [user, digest] of digests)
      if (!costs.has(cost(digest))) costs.set(cost(digest), user);
    if (costs.size > 1) {
      const named = [...costs].map(([c, user]) => `${c} (${JSON.stringify(user)})`).join(", ");
      throw new TypeError(
        `the password digests have different scrypt costs, ${named}: a wrong password would take another time for some users and tell them apart; digest every password with one cost (qaql serve --digest-password)`,
      );
    }
  }
  return async (credentials) => {
    if (!BASE64.test(credentials) || credentials.length % 4 === 1) return { verdict: "malformed" };
    const decoded = Buffer.from(credentials, "base64");
    const colon = decoded.indexOf(0x3a);
    if (colon === -1) return { verdict: "malformed" };
    const digest = digestOf(decoded);
    let user: string | undefined;
    for (const candidate of expected) {
      if (timingSafeEqual(digest, candidate.digest) && user === undefined) user = candidate.user;
    }
    if (decoy === undefined)
      return user === undefined ? { verdict: "wrong" } : { verdict: "ok", user };
    const name = decoded.subarray(0, colon).toString("utf8");
    const password = decoded.subarray(colon + 1).toString("utf8");
    const own = digests.get(name);
    const matched = await matchesDigest(password, own ?? decoy);
    if (own !== undefined && matched) user = name;
    return user === undefined ? { verdict: "wrong" } : { verdict: "ok", user };
  };
}
