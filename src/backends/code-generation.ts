let allowed: boolean | undefined;

/**
 * Whether this realm lets `new Function` make code, asked once: a Content-Security-Policy
 * without `'unsafe-eval'`, and some edge runtimes, forbid it. The generated predicates and
 * projections fall back to closures there.
 */
export function codeGenerationAllowed(): boolean {
  if (allowed === undefined) {
    try {
      allowed = new Function("return true")() === true;
    } catch {
      allowed = false;
    }
  }
  return allowed;
}
