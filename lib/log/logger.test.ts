import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { resetConfigForTests } from "@/lib/config";
import { defineRoute } from "@/lib/contracts/contract";
import { route } from "@/lib/http/route";
import { logger, setLogSinkForTests } from "./logger";

function collect(level: string): string[] {
  process.env.LOG_LEVEL = level;
  resetConfigForTests();
  const lines: string[] = [];
  setLogSinkForTests((line) => lines.push(line));
  return lines;
}

afterEach(() => {
  delete process.env.LOG_LEVEL;
  resetConfigForTests();
  setLogSinkForTests(undefined);
});

const failing = (surface: "api" | "v1") =>
  route(
    defineRoute({
      method: "GET",
      path: `/${surface}/boom`,
      surface,
      auth: "none",
      operationId: `boom_${surface}`,
      summary: "test",
      tags: ["test"],
      responses: { 200: z.object({}) },
    }),
    async () => {
      throw new Error("disk on fire at /secret/path");
    },
  );

describe("logger", () => {
  it("writes one JSON line per event at or above LOG_LEVEL", () => {
    const lines = collect("info");
    logger.debug("ocr_note", { text: "Estimating resolution as 300" });
    logger.info("page", { document_id: "d1", page: 2, status: "completed" });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: "info",
      event: "page",
      document_id: "d1",
      page: 2,
      status: "completed",
      time: expect.any(String),
    });
    const debugLines = collect("debug");
    logger.debug("ocr_note");
    expect(debugLines).toHaveLength(1);
  });

  it("logs a line per request, and a 500 carries the request id its log line has, on both surfaces", async () => {
    const lines = collect("info");
    for (const surface of ["api", "v1"] as const) {
      const response = await failing(surface)(new Request(`http://test/${surface}/boom`), {
        params: Promise.resolve({}),
      });
      expect(response.status).toBe(500);
      const requestId = response.headers.get("x-request-id");
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const body = await response.json();
      const bodyId = surface === "api" ? body.request_id : body.error.request_id;
      expect(bodyId).toBe(requestId);
      expect(JSON.stringify(body)).not.toContain("disk on fire");
      const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.request_id === requestId);
      expect(logged.map((entry) => entry.event)).toEqual(["request_failed", "request"]);
      expect(logged[0].error).toContain("disk on fire");
      expect(logged[1]).toMatchObject({ method: "GET", path: `/${surface}/boom`, status: 500 });
    }
  });
});
