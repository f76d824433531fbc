import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";

/** Whether /dev/outbox may be shown: in development, or when DEV_OUTBOX is set for tests. */
export function isOutboxViewEnabled(): boolean {
  const config = getConfig();
  return config.NODE_ENV === "development" || config.DEV_OUTBOX;
}

/** The newest outbox messages, optionally for one recipient. */
export async function listOutbox(options: { db: Db; to?: string; limit?: number }) {
  const { db } = options;
  return db.emailOutbox.findMany({
    where: options.to ? { to: options.to.trim().toLowerCase() } : {},
    orderBy: { createdAt: "desc" },
    take: options.limit ?? 50,
  });
}
