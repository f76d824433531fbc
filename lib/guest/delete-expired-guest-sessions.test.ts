import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { getBlobStore, originalKey, pageImageKey } from "@/lib/storage";
import { claimGuestSession } from "./claim-guest-session";
import { deleteExpiredGuestSessions } from "./delete-expired-guest-sessions";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
});
afterAll(async () => database?.dispose());

const HOUR_MS = 60 * 60 * 1000;

/** A guest session with one batch of one read page, its original and page image stored. */
async function guestWithBatch(db: Db, id: string, expiresAt: Date) {
  await db.guestSession.create({ data: { id, ipHash: "h", expiresAt } });
  const batchId = randomUUID();
  const documentId = randomUUID();
  const store = getBlobStore();
  const original = originalKey(batchId, documentId, "pdf");
  const image = pageImageKey(batchId, documentId, 1);
  await store.put(original, Buffer.from("%PDF-1.7"), "application/pdf");
  await store.put(image, Buffer.from("png"), "image/png");
  await db.batch.create({
    data: {
      id: batchId,
      guestSessionId: id,
      status: "completed",
      documents: {
        create: {
          id: documentId,
          fileName: "a.pdf",
          contentType: "application/pdf",
          sizeBytes: 8,
          storageKey: original,
          pagesTotal: 1,
          pages: { create: { pageNumber: 1, extractedText: "hello", imageKey: image } },
        },
      },
    },
  });
  return { batchId, documentId, keys: [original, image] };
}

describe("deleteExpiredGuestSessions", () => {
  it("deletes sessions expired unclaimed with their batches, pages and files, and keeps the rest", async () => {
    const db = database.db;
    const store = getBlobStore();
    const now = new Date();
    const expired = await guestWithBatch(db, "guest_expired", new Date(now.getTime() - HOUR_MS));
    await db.guestSession.create({
      data: { id: "guest_expired_empty", ipHash: "h", expiresAt: new Date(now.getTime() - HOUR_MS) },
    });
    const live = await guestWithBatch(db, "guest_live", new Date(now.getTime() + HOUR_MS));
    // Claimed while live, then expired: the batch is the account's and still names the session.
    const claimed = await guestWithBatch(db, "guest_claimed", new Date(now.getTime() + HOUR_MS));
    const user = await registerUser({
      db: database.db,
      email: `claimer-${Date.now()}@example.com`,
      password: "a sensible passphrase",
    });
    await claimGuestSession({ db, userId: user.id, guestSessionId: "guest_claimed" });
    await db.guestSession.update({
      where: { id: "guest_claimed" },
      data: { expiresAt: new Date(now.getTime() - HOUR_MS) },
    });

    expect(await deleteExpiredGuestSessions({ db, store, now })).toEqual({ sessions: 2, batches: 1 });

    expect((await db.guestSession.findMany({ orderBy: { id: "asc" } })).map((session) => session.id)).toEqual([
      "guest_claimed",
      "guest_live",
    ]);
    expect(await db.batch.findUnique({ where: { id: expired.batchId } })).toBeNull();
    expect(await db.batchDocument.count({ where: { id: expired.documentId } })).toBe(0);
    expect(await db.page.count({ where: { documentId: expired.documentId } })).toBe(0);
    expect(await store.list(`batches/${expired.batchId}/`)).toEqual([]);

    for (const kept of [live, claimed]) {
      expect(await db.page.count({ where: { documentId: kept.documentId } })).toBe(1);
      for (const key of kept.keys) expect(await store.exists(key)).toBe(true);
    }
    expect((await db.batch.findUniqueOrThrow({ where: { id: claimed.batchId } })).userId).toBe(user.id);

    // Nothing left to do: a second run deletes nothing.
    expect(await deleteExpiredGuestSessions({ db, store, now })).toEqual({ sessions: 0, batches: 0 });
  });

  it("an expired session can no longer be claimed, so the cleanup never races a claim", async () => {
    const db = database.db;
    await guestWithBatch(db, "guest_late", new Date(Date.now() - 1000));
    const user = await registerUser({
      db: database.db,
      email: `late-${Date.now()}@example.com`,
      password: "a sensible passphrase",
    });
    await expect(claimGuestSession({ db, userId: user.id, guestSessionId: "guest_late" })).rejects.toMatchObject({
      code: "not_found",
      message: "Guest session expired",
    });
    expect(await db.batch.count({ where: { guestSessionId: "guest_late", userId: null } })).toBe(1);
  });
});
