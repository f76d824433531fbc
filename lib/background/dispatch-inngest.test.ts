import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { setLogSinkForTests } from "@/lib/log/logger";

// Inngest mode: events go to the Inngest server (a local stand-in that records them), and the
// serve() route answers Inngest's introspection with our functions.
const received: { url: string; body: unknown }[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || "null");
      received.push({ url: request.url ?? "", body });
      const count = Array.isArray(body) ? body.length : 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ids: Array.from({ length: count }, (_, index) => `evt-${index}`), status: 200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("INNGEST_DEV", "1");
  vi.stubEnv("INNGEST_EVENT_KEY", "test-event-key");
  vi.stubEnv("INNGEST_BASE_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  resetConfigForTests();
  // Start-up registers the sender (instrumentation.ts); imported now, since the client reads the config.
  const { sendToInngest } = await import("@/inngest/send-to-inngest");
  const { registerInngestSender } = await import("./inngest-sender");
  registerInngestSender(sendToInngest);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  resetConfigForTests();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

describe("dispatch (inngest)", () => {
  it("validates, then sends the event to Inngest with its id", async () => {
    const { getJobMode } = await import("./job-mode");
    const { dispatch } = await import("./dispatch");
    expect(getJobMode()).toBe("inngest");
    await expect(
      dispatch("docsvc/background-runs.cleanup-requested", { retentionDays: 0, day: "2026-01-01" }),
    ).rejects.toThrow(/Invalid payload/);
    expect(received).toHaveLength(0);
    const result = await dispatch(
      "docsvc/background-runs.cleanup-requested",
      { retentionDays: 7, day: "2026-01-01" },
      { id: "background-runs-cleanup:2026-01-01" },
    );
    expect(result.ids).toEqual(["evt-0"]);
    expect(received).toHaveLength(1);
    expect(received[0].url).toBe("/e/test-event-key");
    expect(received[0].body).toMatchObject([
      {
        name: "docsvc/background-runs.cleanup-requested",
        data: { retentionDays: 7, day: "2026-01-01" },
        id: "background-runs-cleanup:2026-01-01",
      },
    ]);
  });

  it("starts the daily housekeeping chains with per-day ids, and no executor", async () => {
    received.length = 0;
    const { startBackgroundWork } = await import("./start-background-work");
    const { functionDefinitions } = await import("@/inngest/functions");
    const { sendToInngest } = await import("@/inngest/send-to-inngest");
    await startBackgroundWork({ definitions: functionDefinitions, sendToInngest });
    const today = new Date().toISOString().slice(0, 10);
    const sent = received.flatMap((request) => request.body as { name: string; id: string }[]);
    expect(sent.map((event) => [event.name, event.id]).sort()).toEqual([
      ["docsvc/guest-sessions.cleanup-requested", `guest-sessions-cleanup:${today}`],
      ["docsvc/job-outputs.expiry-requested", `job-outputs-expiry:${today}`],
    ]);
  });

  it("serves the function definitions to Inngest, with a request log line like every route", async () => {
    const { GET } = await import("@/app/api/inngest/route");
    const lines: string[] = [];
    setLogSinkForTests((line) => lines.push(line));
    const response = await GET(new Request("http://localhost:3000/api/inngest"), undefined).finally(() =>
      setLogSinkForTests(undefined),
    );
    expect(response.status).toBe(200);
    const logged = lines.map((line) => JSON.parse(line)).filter((line) => line.event === "request");
    expect(logged).toEqual([
      expect.objectContaining({
        method: "GET",
        path: "/api/inngest",
        status: 200,
        request_id: response.headers.get("x-request-id"),
      }),
    ]);
    const body = (await response.json()) as { function_count: number; mode: string };
    expect(body.mode).toBe("dev");
    expect(body.function_count).toBeGreaterThanOrEqual(1);
  });
});
