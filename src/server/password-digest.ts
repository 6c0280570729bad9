import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// PHC string format: $scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<key>, both in unpadded base64.
const PHC =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,88})\$([A-Za-z0-9+/]{43,88})$/;

/** The cost of new digests: N = 2^15, about 50 ms and 32 MiB a check. */
const LOG_N = 15;
const KEY_BYTES = 32;

/** A password digest read: scrypt's parameters, salt and key. */
export interface PasswordDigest {
  readonly logN: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly key: Buffer;
}

const unpadded = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

function derive(
  password: string,
  digest: Omit<PasswordDigest, "key">,
  bytes: number,
): Promise<Buffer> {
  const { logN, r, p, salt } = digest;
  const N = 2 ** logN;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, bytes, { N, r, p, maxmem: 128 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * The digest a users file holds instead of a password: scrypt in the PHC string format
 * (`$scrypt$ln=15,r=8,p=1$<salt>$<key>`), from a random salt.
 */
export async function digestPassword(password: string): Promise<string> {
  if (typeof password !== "string") throw new TypeError("a password is a string");
  const salt = randomBytes(16);
  const key = await derive(password, { logN: LOG_N, r: 8, p: 1, salt }, KEY_BYTES);
  return `$scrypt$ln=${LOG_N},r=8,p=1$${unpadded(salt)}$${unpadded(key)}`;
}

/** Reads a digest of `digestPassword`'s form; a `TypeError` for anything else. */
export function readPasswordDigest(text: unknown): PasswordDigest {
  const match = typeof text === "string" ? PHC.exec(text) : null;
  const [logN, r, p] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  // Bounds that keep a check within a second or so and 256 MiB, whoever wrote the file.
  if (
    !match ||
    logN < 10 ||
    logN > 20 ||
    r < 1 ||
    r > 32 ||
    p < 1 ||
    p > 4 ||
    128 * r * 2 ** logN > 2 ** 28
  ) {
    throw new TypeError(
      "a password digest is scrypt in the PHC format, $scrypt$ln=15,r=8,p=1$<salt>$<key>, as `qaql serve --digest-password` writes it",
    );
  }
  return {
    logN,
    r,
    p,
    salt: Buffer.from(match[4] as string, "base64"),
    key: Buffer.from(match[5] as string, "base64"),
  };
}

/** Whether `password` is the one `digest` was made from, compared in constant time. */
export async function matchesDigest(password: string, digest: PasswordDigest): Promise<boolean> {
  const key = await derive(password, digest, digest.key.length);
  return timingSafeEqual(key, digest.key);
}
