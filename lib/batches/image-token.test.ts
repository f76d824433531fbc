import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signOutEverywhere } from "@/lib/auth/sign-out-everywhere";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { signImageToken, verifyImageToken } from "./image-token";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
});
afterAll(() => database?.dispose());

describe("image tokens (probe finding 10)", () => {
  it("stop opening a user's batch once the user signs out everywhere", async () => {
    const db = database.db;
    const user = await db.user.create({ data: { email: `images-${crypto.randomUUID()}@example.com` } });
    const batch = await db.batch.create({ data: { userId: user.id } });
    const before = await signImageToken({ db, batchId: batch.id });
    expect(await verifyImageToken({ db, token: before })).toBe(batch.id);

    await signOutEverywhere({ db, userId: user.id });
    await expect(verifyImageToken({ db, token: before })).rejects.toMatchObject({
      code: "unauthorized",
      status: 401,
      message: expect.stringMatching(/revoked/),
    });
    expect(await verifyImageToken({ db, token: await signImageToken({ db, batchId: batch.id }) })).toBe(batch.id);
  });

  it("keep working for a guest's batch, and ignore strings that are not image tokens", async () => {
    const db = database.db;
    const session = await db.guestSession.create({
      data: { id: `guest_${crypto.randomUUID()}`, ipHash: "x", expiresAt: new Date(Date.now() + 60_000) },
    });
    const batch = await db.batch.create({ data: { guestSessionId: session.id } });
    expect(await verifyImageToken({ db, token: await signImageToken({ db, batchId: batch.id }) })).toBe(batch.id);
    expect(await verifyImageToken({ db, token: "not-a-token" })).toBeNull();
  });
});
