import { getServerSession } from "next-auth";
import { cookies } from "next/headers";
import { getNextAuthOptions } from "@/lib/auth/next-auth-options";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { readSessionCookie } from "@/lib/http/caller/credentials";

/** The signed-in person as the screens need them. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string | null;
  tier: string;
  emailVerified: boolean;
  /** False for accounts that only sign in through the identity provider. */
  hasPassword: boolean;
}

/**
 * The user of the browser's next-auth session, or null. Server components only. The session is read
 * through next-auth (whose jwt callback rejects revoked sessions); the profile comes fresh from the
 * database because the session token keeps the email of the moment it was issued.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  // Reading cookies first makes the page dynamic, and lets a visitor without a session skip the database.
  const cookieStore = await cookies();
  if (!readSessionCookie(cookieStore.toString())) return null;

  // next-auth v4 derives its cookie names (__Secure- over HTTPS) from NEXTAUTH_URL; the auth route sets it the same way.
  process.env.NEXTAUTH_URL ??= new URL("/api/auth", getConfig().APP_URL).toString();
  const session = await getServerSession(getNextAuthOptions());
  const userId = (session?.user as { id?: unknown } | undefined)?.id;
  if (typeof userId !== "string") return null;

  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId }, omit: { passwordHash: false } });
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    tier: user.tier,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
  };
}
