import { peerIsTrustedProxy } from "@/lib/auth/client-address";

const firstValue = (header: string | null) => header?.split(",")[0]?.trim() || undefined;

/**
 * The origin a request was sent to: its Host header over plain HTTP, or, when the connection's peer is
 * a trusted proxy (TRUSTED_PROXIES), the proxy's X-Forwarded-Host and X-Forwarded-Proto. A client's
 * own forwarding headers are ignored. Undefined when no valid host. Used for the app's own origin only
 * while APP_URL is unset; never for links sent by e-mail.
 */
export function requestOrigin(req: Request): string | undefined {
  const viaProxy = peerIsTrustedProxy(req);
  const host = (viaProxy && firstValue(req.headers.get("x-forwarded-host"))) || req.headers.get("host");
  // The server speaks plain HTTP (TLS ends at a proxy). Not the request URL's scheme: Next.js takes
  // that from X-Forwarded-Proto, whoever sent it.
  const scheme = (viaProxy && firstValue(req.headers.get("x-forwarded-proto"))) || "http";
  // A host name, an IPv4 or a bracketed IPv6 address, and a port: nothing that changes the URL's meaning.
  if (!host || !/^[a-z0-9.\-[\]:]+$/i.test(host)) return undefined;
  const protocol = scheme.replace(/:$/, "").toLowerCase();
  if (protocol !== "http" && protocol !== "https") return undefined;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}
