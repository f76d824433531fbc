import type { Db } from "@/lib/db";
import type { z } from "zod";
import type { APIKeyResponse } from "./schemas";

/** The user's keys, newest first, without the key itself (only its prefix and last four). */
export async function listApiKeys({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<z.infer<typeof APIKeyResponse>[]> {
  const keys = await db.apiKey.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return keys.map((key) => ({
    key_id: key.id,
    name: key.name,
    prefix: key.prefix,
    last_four: key.lastFour,
    is_active: key.isActive,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    deactivated_at: key.deactivatedAt?.toISOString() ?? null,
  }));
}
