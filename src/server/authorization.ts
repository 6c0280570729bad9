import { createHash, timingSafeEqual } from "node:crypto";

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

/**
 * Makes the check of Basic credentials (RFC 7617) against the users given (password by user
 * name): `malformed` when they are not base64 of `user:password`, else `wrong` or `ok` with the
 * user, compared in constant time over SHA-256 digests, every user each time, so neither the
 * length nor the text of a secret, nor which user matched, leaks.
 */
export function createBasicCheck(
  passwords: ReadonlyMap<string, string>,
): (credentials: string) => BasicVerdict {
  const expected = [...passwords].map(([user, password]) => {
    if (user.includes(":")) {
      throw new TypeError("a Basic user name cannot hold a colon (RFC 7617)");
    }
    return { user, digest: digestOf(Buffer.from(`${user}:${password}`, "utf8")) };
  });
  return (credentials) => {
    if (!BASE64.test(credentials) || credentials.length % 4 === 1) return { verdict: "malformed" };
    const decoded = Buffer.from(credentials, "base64");
    if (!decoded.includes(0x3a)) return { verdict: "malformed" };
    const digest = digestOf(decoded);
    let user: string | undefined;
    for (const candidate of expected) {
      if (timingSafeEqual(digest, candidate.digest) && user === undefined) user = candidate.user;
    }
    return user === undefined ? { verdict: "wrong" } : { verdict: "ok", user };
  };
}
