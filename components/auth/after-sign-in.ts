/** Where a person lands after signing in when no page asked for them: their batches. */
export const DEFAULT_AFTER_SIGN_IN = "/batches";

// Any origin works as the base: only whether `next` stays on it matters, and the path is what is kept.
const BASE = new URL("http://docsvc.invalid");

/**
 * The `next` parameter as a safe place to go after signing in: only a path on this site, so a
 * crafted link cannot send a person elsewhere. `next` is resolved as the browser would resolve it
 * (which drops tabs and newlines and reads `\` as `/`, so `/%09/evil.example` is `//evil.example`),
 * and kept only when it stays on this origin; what is returned is the normalised path, which cannot
 * carry a control character into a Location header.
 */
export function safeNextPath(next: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (!next || !next.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil.example` normalises to `//evil.example`, which a browser would read as another host.
  if (url.origin !== BASE.origin || path.startsWith("//")) return fallback;
  return path;
}
