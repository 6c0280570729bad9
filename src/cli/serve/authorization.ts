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
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Whether a Bearer credential has the token68 form of RFC 6750 2.1. */
export function isToken68(text: string): boolean {
  return TOKEN68.test(text);
}

const digestOf = (bytes: Buffer): Buffer => createHash("sha256").update(bytes).digest();

/**
 * Makes the check of Basic credentials (RFC 7617) against one user and password: `malformed`
 * when they are not base64 of `user:password`, else `wrong` or `ok`, compared in constant time
 * over SHA-256 digests so neither the length nor the text of the secret leaks.
 */
export function createBasicCheck(
  user: string,
  password: string,
): (credentials: string) => "ok" | "malformed" | "wrong" {
  if (user.includes(":")) throw new TypeError("a Basic user name cannot hold a colon (RFC 7617)");
  const expected = digestOf(Buffer.from(`${user}:${password}`, "utf8"));
  return (credentials) => {
    if (!BASE64.test(credentials) || credentials.length % 4 === 1) return "malformed";
    const decoded = Buffer.from(credentials, "base64");
    if (!decoded.includes(0x3a)) return "malformed";
    return timingSafeEqual(digestOf(decoded), expected) ? "ok" : "wrong";
  };
}
