import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import type { Db } from "@/lib/db";

// The handler uses the app's database (getDb), so point DATA_DIR at a fresh embedded one.
let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "docsvc-cleanup-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("DATABASE_URL", "");
  vi.stubEnv("TEST_DATABASE_URL", "");
  resetConfigForTests();
  db = await (await import("@/lib/db")).getDb();
});

afterAll(async () => {
  await (await import("@/lib/db")).closeDb();
  vi.unstubAllEnvs();
  resetConfigForTests();
  await rm(dataDir, { recursive: true, force: true });
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
