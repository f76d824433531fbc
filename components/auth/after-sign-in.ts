/** Where a person lands after signing in when no page asked for them: their batches. */
export const DEFAULT_AFTER_SIGN_IN = "/batches";

/**
 * The `next` parameter as a safe place to go after signing in: only a path on this site, so a
 * crafted link cannot send a person elsewhere (`//evil.example` and `https://…` are refused).
 */
export function safeNextPath(next: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  return next;
}
