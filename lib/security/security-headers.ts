// Browser-facing security headers, set once for every response: next.config.ts puts the fixed ones
// on every path (and the API's policy on /api and /v1), proxy.ts gives each page its nonce policy.
// No "@/" imports: next.config.ts loads this file before the app's path aliases exist.

export type HeaderList = { key: string; value: string }[];

/** On every response: no MIME sniffing, no framing, a trimmed Referer, no camera, microphone or location. */
export const COMMON_SECURITY_HEADERS: HeaderList = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // frame-ancestors 'none' in the CSP says the same to browsers that read it; this is for older ones.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

/** Browsers honour it only over https, and remember to use https for this host for a year. */
export const STRICT_TRANSPORT_SECURITY = { key: "Strict-Transport-Security", value: "max-age=31536000" };

/**
 * For route handlers (JSON, files, next-auth's own fallback pages): nothing may run, and nothing
 * may frame it. Inline styles and same-origin images keep next-auth's plain HTML pages legible.
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The pages' policy: scripts only with this response's nonce (Next.js puts it on its own scripts
 * and passes it on with 'strict-dynamic'); no eval outside development, where React needs it for
 * its error overlays. Style elements need the nonce too; style attributes are allowed, because
 * React renders widths and aspect ratios as style="…" and a style attribute cannot run code.
 */
export function pageContentSecurityPolicy(options: {
  nonce: string;
  development: boolean;
  upgradeInsecureRequests: boolean;
}): string {
  const { nonce, development } = options;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // Development styles are injected by the bundler's runtime without a nonce.
    development ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.upgradeInsecureRequests ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** A fresh, unguessable nonce per response (128 bits, base64). */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
