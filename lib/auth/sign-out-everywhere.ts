import { getDb } from "@/lib/db";

/** Revokes every access token and browser session of the user by moving its token version on. */
export async function signOutEverywhere(userId: string): Promise<void> {
  const db = await getDb();
  await db.user.update({ where: { id: userId }, data: { tokenVersion: { increment: 1 } } });
}
