import { errors as joseErrors, jwtVerify } from "jose";
import { AppError } from "@/lib/errors/app-error";
import type { OidcProvider } from "@/lib/oidc/oidc-provider";

export interface IdentityClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/**
 * Verifies an ID token against the provider's JWKS: signature, issuer, audience (our client id),
 * expiry, and the nonce when one was sent. Anything wrong answers 401.
 */
export async function verifyIdToken(
  provider: OidcProvider,
  idToken: string,
  expectedNonce?: string,
): Promise<IdentityClaims> {
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, provider.jwks, {
      issuer: provider.issuer,
      audience: provider.clientId,
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 30,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError("unauthorized", "The ID token has expired");
    if (error instanceof joseErrors.JOSEError) throw new AppError("unauthorized", "The ID token is invalid");
    throw error;
  }
  if (expectedNonce !== undefined && payload.nonce !== expectedNonce)
    throw new AppError("unauthorized", "The ID token's nonce does not match");
  // OpenID Connect Core 2: with several audiences, azp must name us.
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.clientId) {
    throw new AppError("unauthorized", "The ID token was issued to another client");
  }
  return {
    subject: payload.sub!,
    email: typeof payload.email === "string" ? payload.email.trim().toLowerCase() : null,
    emailVerified: payload.email_verified === true || payload.email_verified === "true",
    name: typeof payload.name === "string" ? payload.name : null,
  };
}
