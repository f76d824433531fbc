import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { decryptSecret, encryptSecret } from "@/lib/crypto/encrypt-secret";

/** A new Standard Webhooks secret: whsec_ + 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** GET/POST /api/users/me/webhook-secret. */
export const WebhookSecretResponse = z
  .object({
    secret: z
      .string()
      .describe("whsec_…: verify the webhook-signature header of every delivery with it (Standard Webhooks)."),
  })
  .meta({ id: "WebhookSecretResponse" });

/**
 * The user's webhook signing secret, created on first use. Stored encrypted (AES-256-GCM under
 * AUTH_SECRET). Two concurrent first calls agree on one secret: only a still-empty column is written.
 */
export async function getOrCreateWebhookSecret(options: { db: Db; userId: string }): Promise<string> {
  const { db, userId } = options;
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { webhookSecret: true } });
  if (user.webhookSecret) return decryptSecret(user.webhookSecret);
  await db.user.updateMany({
    where: { id: userId, webhookSecret: null },
    data: { webhookSecret: encryptSecret(generateWebhookSecret()) },
  });
  const created = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { webhookSecret: true } });
  if (!created.webhookSecret) throw new Error(`Webhook secret of user ${userId} was not stored`);
  return decryptSecret(created.webhookSecret);
}

/**
 * Replaces the user's secret; deliveries signed from now on (retries included) use the new one.
 * There is no overlap period: receivers should switch when they rotate.
 */
export async function rotateWebhookSecret(options: { db: Db; userId: string }): Promise<string> {
  const { db, userId } = options;
  const secret = generateWebhookSecret();
  await db.user.update({ where: { id: userId }, data: { webhookSecret: encryptSecret(secret) }, select: { id: true } });
  return secret;
}
