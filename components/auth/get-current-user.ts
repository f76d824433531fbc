import { getServerSession } from "next-auth";
import { cookies } from "next/headers";
import { getNextAuthOptions } from "@/lib/auth/next-auth-options";
import type { AuthUser } from "@/lib/auth/schemas";
import { toAuthUser } from "@/lib/auth/to-auth-user";
import { getDb } from "@/lib/db";
import { readSessionCookie } from "@/lib/auth/caller/credentials";

/** The signed-in person as the screens need them: the API's user, and whether they have a password. */
export interface CurrentUser extends AuthUser {
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

  const session = await getServerSession(getNextAuthOptions());
  const userId = (session?.user as { id?: unknown } | undefined)?.id;
  if (typeof userId !== "string") return null;

  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId }, omit: { passwordHash: false } });
  if (!user) return null;
  return { ...toAuthUser(user), hasPassword: user.passwordHash !== null };
}
