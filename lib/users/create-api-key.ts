import { generateApiKey } from "@/lib/auth/api-key-hash";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { z } from "zod";
import type { APIKeyCreatedResponse } from "./schemas";

const MAX_ACTIVE_KEYS = 25;

/** Creates a key for the user; the full key is in this answer only, the database keeps its hash. */
export async function createApiKey(input: {
  db: Db;
  userId: string;
  name: string;
}): Promise<z.infer<typeof APIKeyCreatedResponse>> {
  const { db } = input;
  const active = await db.apiKey.count({ where: { userId: input.userId, isActive: true } });
  if (active >= MAX_ACTIVE_KEYS) {
    throw new AppError("bad_request", `At most ${MAX_ACTIVE_KEYS} active API keys; deactivate one first`);
  }
  const generated = generateApiKey();
  const record = await db.apiKey.create({
    data: {
      userId: input.userId,
      name: input.name,
      prefix: generated.prefix,
      lastFour: generated.lastFour,
      keyHash: generated.hash,
    },
  });
  return {
    key_id: record.id,
    name: record.name,
    prefix: record.prefix,
    last_four: record.lastFour,
    is_active: record.isActive,
    created_at: record.createdAt.toISOString(),
    key: generated.key,
  };
}
