import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { authenticateWithPassword } from "./authenticate-with-password";
import { signInWithIdentity } from "./oidc/sign-in-with-identity";
import { getAuthSecret } from "@/lib/crypto/auth-secret";

export const OIDC_PROVIDER_ID = "oidc";

/**
 * The browser's sign-in: next-auth v4 with JWT sessions in its default cookie
 * (next-auth.session-token, __Secure- over HTTPS), encrypted with getAuthSecret(). The session token
 * carries `sub` (our user id) and `ver` (the user's tokenVersion), which the route kit checks against
 * the database like an access token, so "sign out everywhere" and password changes end sessions too.
 */
export function getNextAuthOptions(): NextAuthOptions {
  const config = getConfig();
  // next-auth v4 reads its public address (its callback URLs, redirects and, from the scheme, its
  // cookie names) from NEXTAUTH_URL, or with AUTH_TRUST_HOST from X-Forwarded-Host/-Proto. APP_URL set:
  // that address. Unset: each request's own, which proxy.ts writes into those headers for /api/auth/
  // (withAppOriginHeaders), so a client's forwarding headers never reach next-auth.
  // Every caller builds these options first.
  if (config.APP_URL_SET) process.env.NEXTAUTH_URL ??= new URL("/api/auth", config.APP_URL).toString();
  else process.env.AUTH_TRUST_HOST ??= "1";
  const providers: NextAuthOptions["providers"] = [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        if (!credentials?.email || !credentials.password) return null;
        try {
          const forwarded = req.headers?.["x-forwarded-for"];
          const clientAddress = typeof forwarded === "string" ? forwarded.split(",").at(-1)?.trim() : undefined;
          const user = await authenticateWithPassword({
            db: await getDb(),
            email: credentials.email,
            password: credentials.password,
            clientAddress,
          });
          return { id: user.id, email: user.email, name: user.name, tokenVersion: user.tokenVersion };
        } catch (error) {
          // Wrong credentials are an ordinary "no"; a lockout is shown to the person as its message.
          if (error instanceof AppError && error.code === "unauthorized") return null;
          throw error;
        }
      },
    }),
  ];
  if (config.OIDC_CLIENT_ID) {
    providers.push({
      id: OIDC_PROVIDER_ID,
      name: "Google",
      type: "oauth",
      wellKnown: `${config.OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      idToken: true,
      checks: ["pkce", "state", "nonce"],
      authorization: { params: { scope: "openid email profile" } },
      profile(profile: { sub: string; email?: string; name?: string }) {
        return { id: profile.sub, email: profile.email ?? null, name: profile.name ?? null };
      },
    });
  }

  return {
    secret: getAuthSecret(),
    session: { strategy: "jwt", maxAge: config.ACCESS_TOKEN_TTL_SECONDS },
    providers,
    pages: { signIn: "/login" },
    callbacks: {
      async jwt({ token, user, account, profile }) {
        if (account?.provider === OIDC_PROVIDER_ID && profile) {
          const claims = profile as {
            sub?: string;
            email?: string;
            email_verified?: boolean | string;
            name?: string;
            iss?: string;
          };
          const { user: signedIn } = await signInWithIdentity({
            db: await getDb(),
            issuer: claims.iss ?? config.OIDC_ISSUER,
            claims: {
              subject: String(claims.sub),
              email: claims.email?.toLowerCase() ?? null,
              emailVerified: claims.email_verified === true || claims.email_verified === "true",
              name: claims.name ?? null,
            },
          });
          return { sub: signedIn.id, ver: signedIn.tokenVersion, email: signedIn.email, name: signedIn.name };
        }
        if (user) {
          return { ...token, sub: user.id, ver: (user as { tokenVersion?: number }).tokenVersion ?? 0 };
        }
        // Every session read re-checks revocation; throwing makes next-auth clear the cookie.
        const db = await getDb();
        const current = await db.user.findUnique({ where: { id: String(token.sub) }, select: { tokenVersion: true } });
        if (!current || current.tokenVersion !== token.ver) throw new Error("Session revoked");
        return token;
      },
      async session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub } };
      },
    },
  };
}
