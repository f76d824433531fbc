import { looksLikeApiKey } from "@/lib/auth/api-key-hash";

/** What a request presents to identify its caller, before anything is checked. */
export type Credential =
  | { kind: "jwt"; token: string; source: "authorization" | "query" }
  | { kind: "api_key"; key: string; source: "authorization" | "x-api-key" }
  | { kind: "session"; token: string }
  | { kind: "malformed"; reason: string };

// next-auth v4 names its cookie after the protocol and splits large values into .0, .1… chunks.
const SESSION_COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/**
 * The credential a request carries, in order of precedence: Authorization header, x-api-key header,
 * an access token in a query parameter (for <img> tags), then the session cookie.
 */
export function readCredential(req: Request, options: { queryTokenParam?: string } = {}): Credential | undefined {
  const authorization = req.headers.get("authorization");
  if (authorization !== null && authorization.trim() !== "") {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
    if (!match) return { kind: "malformed", reason: "Authorization header must be: Bearer <token>" };
    const token = match[1];
    return looksLikeApiKey(token)
      ? { kind: "api_key", key: token, source: "authorization" }
      : { kind: "jwt", token, source: "authorization" };
  }
  const apiKey = req.headers.get("x-api-key")?.trim();
  if (apiKey) return { kind: "api_key", key: apiKey, source: "x-api-key" };
  if (options.queryTokenParam) {
    const queryToken = new URL(req.url).searchParams.get(options.queryTokenParam);
    if (queryToken) return { kind: "jwt", token: queryToken, source: "query" };
  }
  const session = readSessionCookie(req.headers.get("cookie"));
  if (session) return { kind: "session", token: session };
  return undefined;
}

export function readSessionCookie(cookieHeader: string | null): string | undefined {
  if (!cookieHeader) return undefined;
  const cookies = parseCookies(cookieHeader);
  for (const baseName of SESSION_COOKIE_NAMES) {
    const whole = cookies.get(baseName);
    if (whole) return whole;
    const chunks = [...cookies.entries()]
      .map(([name, value]) => ({ index: chunkIndex(name, baseName), value }))
      .filter((chunk): chunk is { index: number; value: string } => chunk.index !== undefined)
      .sort((a, b) => a.index - b.index);
    if (chunks.length > 0) return chunks.map((chunk) => chunk.value).join("");
  }
  return undefined;
}

function chunkIndex(name: string, baseName: string): number | undefined {
  if (!name.startsWith(`${baseName}.`)) return undefined;
  const suffix = name.slice(baseName.length + 1);
  return /^\d+$/.test(suffix) ? Number(suffix) : undefined;
}

function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator <= 0) continue;
    const name = part.slice(0, separator).trim();
    const raw = part.slice(separator + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      // A value that is not valid percent-encoding is kept as sent; it then fails verification.
      cookies.set(name, raw);
    }
  }
  return cookies;
}

export const GUEST_SESSION_HEADER = "x-guest-session-id";
export const GUEST_SESSION_FIELD = "guest_session_id";

/** A guest session id from the x-guest-session-id header, the query, or a form field. */
export function readGuestSessionId(req: Request, form?: FormData): string | undefined {
  const fromHeader = req.headers.get(GUEST_SESSION_HEADER)?.trim();
  if (fromHeader) return fromHeader;
  const fromQuery = new URL(req.url).searchParams.get(GUEST_SESSION_FIELD)?.trim();
  if (fromQuery) return fromQuery;
  const fromForm = form?.get(GUEST_SESSION_FIELD);
  return typeof fromForm === "string" && fromForm.trim() !== "" ? fromForm.trim() : undefined;
}
