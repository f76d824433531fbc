import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config";

// In-process mode end to end: the app's executor on an embedded database in a temporary DATA_DIR.
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "docsvc-dispatch-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("DATABASE_URL", "");
  vi.stubEnv("INNGEST_EVENT_KEY", "");
  vi.stubEnv("INNGEST_DEV", "");
  resetConfigForTests();
});

afterAll(async () => {
  await (await import("./app-executor")).stopExecutor();
  await (await import("@/lib/db")).closeDb();
  vi.unstubAllEnvs();
  resetConfigForTests();
  await rm(dataDir, { recursive: true, force: true });
});

describe("dispatch (in-process)", () => {
  it("runs in-process when no Inngest variable is set", async () => {
    const { getJobMode } = await import("./job-mode");
    expect(getJobMode()).toBe("in-process");
  });

  it("refuses a payload that does not match the event schema, and an unknown event", async () => {
    const { dispatch } = await import("./dispatch");
    const { EventValidationError } = await import("./errors");
    const { getDb } = await import("@/lib/db");
    await expect(
      dispatch("docsvc/background-runs.cleanup-requested", { retentionDays: -1, day: "yesterday" }),
    ).rejects.toBeInstanceOf(EventValidationError);
    // @ts-expect-error an event that is not in lib/background/events.ts
    await expect(dispatch("docsvc/no-such-event", {})).rejects.toThrow(/Unknown event/);
    expect(await (await getDb()).backgroundRun.count()).toBe(0);
  });

  it("startBackgroundWork resumes work and schedules each daily housekeeping run once", async () => {
    const { startBackgroundWork } = await import("./start-background-work");
    const { functionDefinitions } = await import("@/inngest/functions");
    const { sendToInngest } = await import("@/inngest/send-to-inngest");
    const { getExecutor } = await import("./app-executor");
    const { getDb } = await import("@/lib/db");
    await startBackgroundWork({ definitions: functionDefinitions, sendToInngest });
    await startBackgroundWork({ definitions: functionDefinitions, sendToInngest });
    await (await getExecutor()).waitForIdle();
    const runs = await (await getDb()).backgroundRun.findMany({ orderBy: { functionId: "asc" } });
    expect(runs.map((run) => run.functionId)).toEqual([
      "cleanup-background-runs",
      "delete-expired-guest-sessions",
      "expire-job-outputs",
    ]);
    const [cleanup] = runs;
    expect(cleanup).toMatchObject({ status: "sleeping" });
    expect(cleanup.steps).toMatchObject({ "delete-finished-runs": { data: 0 } });
    expect(cleanup.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});
