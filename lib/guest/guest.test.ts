import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { claimGuestSession } from "./claim-guest-session";
import { createGuestSession } from "./create-guest-session";
import { getGuestLimits } from "./get-guest-limits";

let database: TestDatabase;
beforeAll(async () => (database = await createTestDatabase({ serveGetDb: true })));
afterAll(async () => database?.dispose());

describe("guest sessions", () => {
  it("allows three sessions per address per day, then 429 with Retry-After", async () => {
    const db = database.db;
    const now = new Date("2025-05-01T10:00:00Z");
    for (let index = 0; index < 3; index++) {
      const session = await createGuestSession({ db, clientAddress: "203.0.113.9", now });
      expect(session).toMatchObject({
        session_id: expect.stringMatching(/^guest_[\w-]{43}$/),
        max_files: 1,
        max_pages: 46,
      });
    }
    await expect(createGuestSession({ db, clientAddress: "203.0.113.9", now })).rejects.toMatchObject({
      code: "rate_limit_exceeded",
      headers: { "Retry-After": "86400" },
    });
    await expect(createGuestSession({ db, clientAddress: "203.0.113.10", now })).resolves.toBeDefined();
    await expect(
      createGuestSession({ db, clientAddress: "203.0.113.9", now: new Date("2025-05-02T10:00:01Z") }),
    ).resolves.toBeDefined();
  });

  it("reports limits and hands the batches to the account that claims the session", async () => {
    const db = database.db;
    const { session_id } = await createGuestSession({ db, clientAddress: "203.0.113.50" });
    expect(await getGuestLimits({ db, sessionId: session_id })).toMatchObject({
      current_files: 0,
      current_pages: 0,
      can_upload: true,
    });
    const batch = await db.batch.create({
      data: {
        guestSessionId: session_id,
        documents: {
          create: { fileName: "a.pdf", contentType: "application/pdf", sizeBytes: 1, storageKey: "k", pagesTotal: 3 },
        },
      },
    });
    expect(await getGuestLimits({ db, sessionId: session_id })).toMatchObject({
      current_files: 1,
      current_pages: 3,
      can_upload: false,
    });

    const alice = await registerUser({
      db: database.db,
      email: "alice-guest@example.com",
      password: "a sensible passphrase",
    });
    const bob = await registerUser({
      db: database.db,
      email: "bob-guest@example.com",
      password: "a sensible passphrase",
    });
    expect(await claimGuestSession({ db, userId: alice.id, guestSessionId: session_id })).toMatchObject({
      claimed_batches: [batch.id],
      claimed_count: 1,
    });
    expect((await db.batch.findUniqueOrThrow({ where: { id: batch.id } })).userId).toBe(alice.id);
    expect(await claimGuestSession({ db, userId: alice.id, guestSessionId: session_id })).toMatchObject({
      claimed_count: 0,
    });
    await expect(claimGuestSession({ db, userId: bob.id, guestSessionId: session_id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getGuestLimits({ db, sessionId: "guest_unknown" })).rejects.toMatchObject({ code: "not_found" });
  });
});
