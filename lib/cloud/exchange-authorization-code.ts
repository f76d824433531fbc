import { decodeJwt } from "jose";
import { postTokenRequest, type ExchangedTokens } from "./post-token-request";

export interface CodeExchange {
  tokenUrl: string;
  code: string;
  clientId: string;
  clientSecret?: string;
  redirectUri?: string;
  codeVerifier?: string;
}

/**
 * OAuth 2.0 authorization-code grant at a token endpoint the operator configured (client_secret_post).
 * A refusal by the provider is the client's problem (400); an unreachable or broken provider is 503.
 */
export async function exchangeAuthorizationCode(exchange: CodeExchange): Promise<ExchangedTokens> {
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code: exchange.code,
    client_id: exchange.clientId,
  });
  if (exchange.clientSecret) form.set("client_secret", exchange.clientSecret);
  if (exchange.redirectUri) form.set("redirect_uri", exchange.redirectUri);
  if (exchange.codeVerifier) form.set("code_verifier", exchange.codeVerifier);
  return postTokenRequest(exchange.tokenUrl, form, "authorization code");
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
    console.warn(
      `[cloud] ignoring an undecodable ID token from the token endpoint: ${error instanceof Error ? error.message : error}`,
    );
    return null;
  }
}
