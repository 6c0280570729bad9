/** The JSON body an HTTP API sends for an error: its `code`, `message` and own fields, never a stack. */
export interface ErrorJson {
  readonly code: string;
  readonly message: string;
  readonly [member: string]: unknown;
}

/**
 * The base of every error qaql throws about what it was given: a stable `code`, a message about
 * what the caller wrote, and `toJSON()` for the body an HTTP API sends (graphql-js
 * `GraphQLError.toJSON`), so `JSON.stringify(error)` is that body.
 */
export abstract class QaqlError extends Error {
  abstract override readonly name: string;
  readonly code: string;

  protected constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }

  /** The JSON body an HTTP API sends for this error: `code`, `message`, then the error's own fields. */
  toJSON(): ErrorJson {
    return { code: this.code, message: this.message };
  }
}

/** `members` without those whose value is `undefined`, so a JSON body never shows one. */
export function definedMembers<T extends object>(members: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(members)) if (value !== undefined) out[key] = value;
  return out as T;
}
