import { quoteForEcho } from "../http/echo.ts";
import { ApiError, type ApiErrorCode } from "./api-error.ts";
import { type BasicVerdict, basicUserOf, readAuthorization } from "./authorization.ts";
import type { LoginGuard } from "./login-guard.ts";
import type { IssuedToken, TokenRate, TokenRateLimiter, TokenStore } from "./tokens.ts";
import { isToken68 } from "./tokens.ts";

/** Who holds the Bearer token a request carries. */
export interface Bearer {
  readonly token: string;
  readonly holder: string;
}

/** What the server's authentication is made of. */
export interface TokenAuthParts {
  /** The `realm="…"` of every challenge. */
  readonly realm: string;
  readonly checkBasic: (credentials: string) => Promise<BasicVerdict>;
  /** What a password check may cost: checks in turn, wrong passwords paid for with waits. */
  readonly logins: LoginGuard;
  readonly tokens: TokenStore;
  readonly rateLimiter: TokenRateLimiter;
  readonly tokenRate: TokenRate;
}

/**
 * The server's authentication (grammar/language.md 6.8): Basic credentials for a token at
 * `GET /api/token`, a Bearer token for every other route; each refusal an `ApiError` with its
 * `WWW-Authenticate` challenge.
 */
export class TokenAuth {
  readonly #parts: TokenAuthParts;

  constructor(parts: TokenAuthParts) {
    this.#parts = parts;
  }

  /**
   * A new token for the Basic credentials of `request`, sent from `address`, within the
   * user's token rate and the limits on wrong passwords.
   */
  async issueToken(request: Request, address: string): Promise<IssuedToken> {
    const { realm, checkBasic, rateLimiter, tokenRate, tokens, logins } = this.#parts;
    const basic = `Basic ${realm}, charset="UTF-8"`;
    const authorization = readAuthorization(request.headers.get("authorization") ?? undefined);
    const fail = (code: ApiErrorCode, message: string) =>
      new ApiError(401, code, message, {}, { "www-authenticate": basic });
    if (!authorization) {
      throw fail(
        "MISSING_CREDENTIALS",
        "GET /api/token needs the user and password: Authorization: Basic base64(user:password)",
      );
    }
    if (authorization.scheme !== "basic") {
      throw fail(
        "WRONG_SCHEME",
        `GET /api/token takes Basic credentials, not ${quoteForEcho(authorization.scheme)}`,
      );
    }
    const { credentials } = authorization;
    const name = basicUserOf(credentials);
    const checked =
      name === undefined
        ? await checkBasic(credentials)
        : await logins.attempt(
            name,
            address,
            () => checkBasic(credentials),
            (verdict) => verdict.verdict === "ok",
          );
    if (checked.verdict === "malformed") {
      throw fail("MALFORMED_CREDENTIALS", "the Basic credentials are not base64 of user:password");
    }
    if (checked.verdict === "wrong") throw fail("WRONG_CREDENTIALS", "wrong user or password");
    const retryAfter = rateLimiter.take(checked.user);
    if (retryAfter > 0) {
      throw new ApiError(
        429,
        "TOO_MANY_TOKEN_REQUESTS",
        `too many tokens asked for: a user gets ${tokenRate.burst} at once, then ${tokenRate.perMinute} a minute; retry in ${retryAfter} s`,
        { retryAfter },
        { "retry-after": String(retryAfter) },
      );
    }
    return tokens.issue(checked.user);
  }

  /** The request's Bearer token and who holds it; an `ApiError` (401, 403) when it has none that holds. */
  authorise(request: Request): Bearer {
    const { realm, tokens } = this.#parts;
    const authorization = readAuthorization(request.headers.get("authorization") ?? undefined);
    const invalid = (description: string) =>
      `Bearer ${realm}, error="invalid_token", error_description="${description}"`;
    if (authorization?.scheme !== "bearer") {
      const message = authorization
        ? `this request takes a Bearer token, not ${quoteForEcho(authorization.scheme)}: get one from GET /api/token`
        : "this request needs Authorization: Bearer <token>, from GET /api/token";
      const code = authorization ? "WRONG_SCHEME" : "MISSING_TOKEN";
      throw new ApiError(401, code, message, {}, { "www-authenticate": `Bearer ${realm}` });
    }
    const token = authorization.credentials;
    const state = isToken68(token) ? tokens.use(token) : { state: "unknown" as const };
    if (state.state === "unknown") {
      throw new ApiError(
        401,
        "UNKNOWN_TOKEN",
        "the token is not one this server issued (or it was forgotten or revoked): get one from GET /api/token",
        {},
        { "www-authenticate": invalid("unknown token") },
      );
    }
    if (state.state === "expired") {
      const idle = state.reason === "idle";
      throw new ApiError(
        403,
        idle ? "TOKEN_IDLE" : "TOKEN_EXPIRED",
        idle
          ? "the token went 15 minutes without a request: get a new one from GET /api/token"
          : "the token expired one hour after it was issued: get a new one from GET /api/token",
        { expiredAt: new Date(state.at).toISOString() },
        { "www-authenticate": invalid(idle ? "the token idled out" : "the token expired") },
      );
    }
    return { token, holder: state.holder };
  }

  /** Forgets a token at once; false when the server did not know it. */
  revoke(token: string): boolean {
    return this.#parts.tokens.revoke(token);
  }
}
