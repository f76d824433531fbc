import type { Db } from "@/lib/db";

/** Revokes every access token and browser session of the user by moving its token version on. */
export async function signOutEverywhere({ db, userId }: { db: Db; userId: string }): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { tokenVersion: { increment: 1 } } });
}
