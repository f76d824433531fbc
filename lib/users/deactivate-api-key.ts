import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deactivates one of the user's keys; it stops authenticating at once (callers are resolved against
 * the database on every request). Another user's key, or an unknown id, answers 404. Idempotent.
 */
export async function deactivateApiKey(input: { db: Db; userId: string; keyId: string }): Promise<void> {
  const { db } = input;
  if (!UUID.test(input.keyId)) throw new AppError("not_found", "API key not found");
  const key = await db.apiKey.findFirst({
    where: { id: input.keyId, userId: input.userId },
    select: { id: true, isActive: true },
  });
  if (!key) throw new AppError("not_found", "API key not found");
  if (key.isActive) {
    await db.apiKey.update({ where: { id: key.id }, data: { isActive: false, deactivatedAt: new Date() } });
  }
}
