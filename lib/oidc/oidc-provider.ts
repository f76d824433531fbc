import { createRemoteJWKSet } from "jose";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";

const DiscoveryDocument = z.object({
  issuer: z.string().url(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
});

export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

// Discovery is re-read after a while so a provider's endpoint changes are picked up without a restart;
// the JWKS refetches by itself when it meets an unknown key id.
const CACHE_MS = 10 * 60_000;
let cached: { issuer: string; at: number; provider: Promise<OidcProvider> } | undefined;

/** The configured identity provider from its discovery document; 503 when not configured or unreachable. */
export function getOidcProvider(): Promise<OidcProvider> {
  const config = getConfig();
  if (!config.OIDC_CLIENT_ID)
    throw new AppError("service_unavailable", "The identity provider is not configured (OIDC_CLIENT_ID is not set)");
  if (cached && cached.issuer === config.OIDC_ISSUER && Date.now() - cached.at < CACHE_MS) return cached.provider;
  const provider = discover(config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET, config.OIDC_SCOPES);
  cached = { issuer: config.OIDC_ISSUER, at: Date.now(), provider };
  provider.catch(() => {
    // A failed discovery is not kept: the next request tries again.
    if (cached?.provider === provider) cached = undefined;
  });
  return provider;
}

async function discover(
  issuer: string,
  clientId: string,
  clientSecret: string | undefined,
  scopes: string,
): Promise<OidcProvider> {
  const url = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  let body: unknown;
  try {
    const response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new AppError("service_unavailable", "The identity provider could not be reached", { cause: error });
  }
  const document = DiscoveryDocument.safeParse(body);
  // OpenID Connect Discovery 4.3: the document must name exactly the issuer it was fetched for.
  if (!document.success || document.data.issuer.replace(/\/$/, "") !== issuer.replace(/\/$/, "")) {
    throw new AppError("service_unavailable", "The identity provider's discovery document is invalid");
  }
  return {
    issuer: document.data.issuer,
    clientId,
    clientSecret,
    scopes,
    authorizationEndpoint: document.data.authorization_endpoint,
    tokenEndpoint: document.data.token_endpoint,
    jwks: createRemoteJWKSet(new URL(document.data.jwks_uri)),
  };
}

/** Forget the discovered provider (tests start a new issuer). */
export function resetOidcProviderForTests(): void {
  cached = undefined;
}
