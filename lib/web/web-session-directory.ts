import { getDb } from "@/lib/db";
import { sharesWebSessions, webInstance } from "./web-instance";

// The database's record of which instance holds which web session. Every function is a no-op
// on the embedded database (one process), so a single instance pays nothing for it.

export interface HeldSession {
  id: string;
  ownerId: string;
  instanceId: string;
  instanceUrl: string;
  expiresAt: Date;
}

export async function recordHeldSession(session: { id: string; ownerId: string; expiresAt: number }): Promise<void> {
  if (!sharesWebSessions()) return;
  const instance = webInstance();
  const expiresAt = new Date(session.expiresAt);
  const db = await getDb();
  await db.webSessionHolder.upsert({
    where: { id: session.id },
    create: { id: session.id, ownerId: session.ownerId, instanceId: instance.id, instanceUrl: instance.url, expiresAt },
    update: { expiresAt },
  });
}

export async function renewHeldSession(session: { id: string; expiresAt: number }): Promise<void> {
  if (!sharesWebSessions()) return;
  const db = await getDb();
  await db.webSessionHolder.updateMany({ where: { id: session.id }, data: { expiresAt: new Date(session.expiresAt) } });
}

export async function forgetHeldSessions(ids: string[]): Promise<void> {
  if (!sharesWebSessions() || ids.length === 0) return;
  const db = await getDb();
  await db.webSessionHolder.deleteMany({ where: { id: { in: ids } } });
}

/** Where a session is held, if any instance recorded it and it has not expired. */
export async function findHeldSession(id: string, now = Date.now()): Promise<HeldSession | null> {
  if (!sharesWebSessions()) return null;
  const db = await getDb();
  return db.webSessionHolder.findFirst({ where: { id, expiresAt: { gt: new Date(now) } } });
}

/** The owner's live sessions held by other instances, least recently used first. */
export async function ownerSessionsElsewhere(ownerId: string, now = Date.now()): Promise<HeldSession[]> {
  if (!sharesWebSessions()) return [];
  const db = await getDb();
  return db.webSessionHolder.findMany({
    where: { ownerId, expiresAt: { gt: new Date(now) }, instanceId: { not: webInstance().id } },
    orderBy: { expiresAt: "asc" },
  });
}

/** Of these locally held ids, the ones whose record another instance removed (to make room for its owner). */
export async function sessionsReleasedElsewhere(ids: string[]): Promise<string[]> {
  if (!sharesWebSessions() || ids.length === 0) return [];
  const db = await getDb();
  const recorded = await db.webSessionHolder.findMany({ where: { id: { in: ids } }, select: { id: true } });
  const still = new Set(recorded.map((row) => row.id));
  return ids.filter((id) => !still.has(id));
}

/** At start-up: records of a previous process at this address are sessions nobody holds any more. */
export async function forgetEarlierInstanceSessions(): Promise<void> {
  if (!sharesWebSessions()) return;
  const instance = webInstance();
  const db = await getDb();
  await db.webSessionHolder.deleteMany({ where: { instanceUrl: instance.url, instanceId: { not: instance.id } } });
}
