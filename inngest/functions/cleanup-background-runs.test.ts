import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";

// The handler uses the app's database (getDb): a test database serves it.
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
  db = database.db;
});

afterAll(async () => {
  await database?.dispose();
});

describe("cleanup-background-runs", () => {
  it("deletes finished runs past the retention and asks for tomorrow's cleanup", async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const row = (eventId: string, status: string, finishedAt: Date | null) => ({
      functionId: "some-function",
      eventName: "test/x",
      eventId,
      payload: {},
      status,
      finishedAt,
    });
    await db.backgroundRun.createMany({
      data: [
        row("old-completed", "completed", daysAgo(10)),
        row("old-failed", "failed", daysAgo(8)),
        row("recent-completed", "completed", daysAgo(1)),
        row("old-queued", "queued", null),
      ],
    });

    const { functionDefinitions } = await import("./index");
    const { buildInngestFunction } = await import("../build-inngest-function");
    const { inngest } = await import("../client");
    const { backgroundRunsCleanupRequested } = await import("@/lib/background/events");
    const engine = new InngestTestEngine({
      function: buildInngestFunction(
        inngest,
        functionDefinitions.find((definition) => definition.id === "cleanup-background-runs")!,
      ),
      events: [{ name: backgroundRunsCleanupRequested.name, data: { retentionDays: 7, day: "2026-03-31" } }],
      // The test engine cannot wait out a sleep or deliver an event; both are stood in for.
      steps: [
        { id: "wait-for-next-day", handler: () => null },
        { id: "request-next-cleanup", handler: () => ({ ids: ["background-runs-cleanup:2026-04-01"] }) },
      ],
    });
    const { result, ctx } = await engine.execute();

    expect(result).toEqual({ deleted: 2 });
    expect((await db.backgroundRun.findMany({ orderBy: { eventId: "asc" } })).map((run) => run.eventId)).toEqual([
      "old-queued",
      "recent-completed",
    ]);
    expect(ctx.step.sleep).toHaveBeenCalledWith("wait-for-next-day", expect.any(Number));
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("request-next-cleanup", [
      {
        name: backgroundRunsCleanupRequested.name,
        data: { retentionDays: 7, day: "2026-04-01" },
        id: "background-runs-cleanup:2026-04-01",
      },
    ]);
  });
});
