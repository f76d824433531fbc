import { decodeJwt } from "jose";
import { z } from "zod";
import { AppError } from "@/lib/http/errors";

const TokenEndpointResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  refresh_token: z.string().optional(),
  expires_in: z.coerce.number().optional(),
  scope: z.string().optional(),
  id_token: z.string().optional(),
});

export type ExchangedTokens = z.infer<typeof TokenEndpointResponse>;

export interface CodeExchange {
  tokenUrl: string;
  code: string;
  clientId: string;
  clientSecret?: string;
  redirectUri?: string;
  codeVerifier?: string;
}

const TIMEOUT_MS = 15_000;

/**
 * OAuth 2.0 authorization-code grant at a token endpoint the operator configured (client_secret_post).
 * A refusal by the provider is the client's problem (400); an unreachable or broken provider is 503.
 */
export async function exchangeAuthorizationCode(exchange: CodeExchange): Promise<ExchangedTokens> {
  const form = new URLSearchParams({ grant_type: "authorization_code", code: exchange.code, client_id: exchange.clientId });
  if (exchange.clientSecret) form.set("client_secret", exchange.clientSecret);
  if (exchange.redirectUri) form.set("redirect_uri", exchange.redirectUri);
  if (exchange.codeVerifier) form.set("code_verifier", exchange.codeVerifier);

  let response: Response;
  try {
    response = await fetch(exchange.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new AppError("service_unavailable", "The identity provider could not be reached", { cause: error });
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status >= 400 && response.status < 500) {
    const reason = z.object({ error: z.string() }).safeParse(body);
    throw new AppError("bad_request", `The provider refused the authorization code${reason.success ? ` (${reason.data.error})` : ""}`);
  }
  const parsed = TokenEndpointResponse.safeParse(body);
  if (!response.ok || !parsed.success) {
    throw new AppError("service_unavailable", `The identity provider answered unexpectedly (HTTP ${response.status})`);
  }
  return parsed.data;
}

/**
 * The email in an ID token received straight from the token endpoint over the back channel; OpenID
 * Connect Core 3.1.3.7 lets the TLS connection stand in for the signature here. Null when absent.
 */
export function emailFromBackChannelIdToken(idToken: string | undefined): string | null {
  if (!idToken) return null;
  try {
    const claims = decodeJwt(idToken);
    return typeof claims.email === "string" ? claims.email.toLowerCase() : null;
  } catch (error) {
    console.warn(`[cloud] ignoring an undecodable ID token from the token endpoint: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}
