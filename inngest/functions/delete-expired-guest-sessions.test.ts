import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";

// The handler uses the app's database and blob store (getDb, getBlobStore): a test database serves both.
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
  db = database.db;
});

afterAll(async () => {
  await database?.dispose();
});

describe("delete-expired-guest-sessions", () => {
  it("deletes expired unclaimed sessions with their files and asks for tomorrow's run", async () => {
    const { getBlobStore, originalKey } = await import("@/lib/storage");
    const batchId = "7b0c3a52-53a8-4f57-9d2f-2f1c4f0f7e11";
    const documentId = "0e3e2bb1-65c1-4bd2-bd5e-0ae2d2a8ac7d";
    const key = originalKey(batchId, documentId, "png");
    await getBlobStore().put(key, Buffer.from("png"), "image/png");
    await db.guestSession.createMany({
      data: [
        { id: "guest_old", ipHash: "h", expiresAt: new Date(Date.now() - 60_000) },
        { id: "guest_new", ipHash: "h", expiresAt: new Date(Date.now() + 60_000) },
      ],
    });
    await db.batch.create({
      data: {
        id: batchId,
        guestSessionId: "guest_old",
        documents: {
          create: { id: documentId, fileName: "a.png", contentType: "image/png", sizeBytes: 3, storageKey: key },
        },
      },
    });

    const { functionDefinitions } = await import("./index");
    const { buildInngestFunction } = await import("../build-inngest-function");
    const { inngest } = await import("../client");
    const { guestSessionsCleanupRequested } = await import("@/lib/background/events");
    const engine = new InngestTestEngine({
      function: buildInngestFunction(
        inngest,
        functionDefinitions.find((definition) => definition.id === "delete-expired-guest-sessions")!,
      ),
      events: [{ name: guestSessionsCleanupRequested.name, data: { day: "2026-03-31" } }],
      // The test engine cannot wait out a sleep or deliver an event; both are stood in for.
      steps: [
        { id: "wait-for-next-day", handler: () => null },
        { id: "request-next-cleanup", handler: () => ({ ids: ["guest-sessions-cleanup:2026-04-01"] }) },
      ],
    });
    const { result, ctx } = await engine.execute();

    expect(result).toEqual({ sessions: 1, batches: 1 });
    expect((await db.guestSession.findMany()).map((session) => session.id)).toEqual(["guest_new"]);
    expect(await getBlobStore().exists(key)).toBe(false);
    expect(ctx.step.sleep).toHaveBeenCalledWith("wait-for-next-day", expect.any(Number));
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("request-next-cleanup", [
      {
        name: guestSessionsCleanupRequested.name,
        data: { day: "2026-04-01" },
        id: "guest-sessions-cleanup:2026-04-01",
      },
    ]);
  });
});
