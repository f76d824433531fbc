import { createHmac, randomUUID } from "node:crypto";
import { getAuthSecret } from "@/lib/crypto/auth-secret";
import { getConfig } from "@/lib/config";

// New at every start: a session recorded under an older id belonged to a process that is gone.
const INSTANCE_ID = randomUUID();

/** This process among the instances sharing the database. */
export function webInstance(): { id: string; url: string } {
  const config = getConfig();
  return { id: INSTANCE_ID, url: (config.INSTANCE_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/+$/, "") };
}

/**
 * Whether sessions are recorded in the database for other instances: only on PostgreSQL, since the
 * embedded database serves a single process and so a single instance.
 */
export function sharesWebSessions(): boolean {
  return Boolean(getConfig().DATABASE_URL);
}

/** The key instances sign forwarded calls with; derived, so AUTH_SECRET itself never travels or signs two things. */
export function forwardingKey(): Buffer {
  return createHmac("sha256", getAuthSecret()).update("docsvc web-session forwarding v1").digest();
}
