import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setLogSinkForTests } from "@/lib/log/logger";
import { withRequestLog } from "./log-request";

let lines: Record<string, unknown>[] = [];

beforeEach(() => {
  lines = [];
  setLogSinkForTests((line) => lines.push(JSON.parse(line)));
});

afterEach(() => setLogSinkForTests(undefined));

const requests = () => lines.filter((line) => line.event === "request");

describe("request log", () => {
  it("writes one line per request with the id the response carries", async () => {
    let seenId = "";
    const handler = withRequestLog(async (_req, requestId) => {
      seenId = requestId;
      return Response.json({ ok: true }, { status: 201 });
    });
    const response = await handler(new Request("http://app.test/api/things?x=1", { method: "POST" }));
    expect(response.headers.get("x-request-id")).toBe(seenId);
    expect(requests()).toEqual([
      expect.objectContaining({ level: "info", request_id: seenId, method: "POST", path: "/api/things", status: 201 }),
    ]);
  });

  it("logs a handler that throws as a 500 and lets the error through", async () => {
    const handler = withRequestLog(async () => {
      throw new Error("boom");
    });
    await expect(handler(new Request("http://app.test/api/broken"))).rejects.toThrow("boom");
    expect(requests()).toEqual([expect.objectContaining({ path: "/api/broken", status: 500 })]);
  });

  it("covers the JSON 404 catch-all, which the route kit does not build", async () => {
    const catchAll = await import("@/app/v1/[...path]/route");
    const missing = await catchAll.GET(new Request("http://app.test/v1/nowhere"), { params: Promise.resolve({}) });
    expect(missing.status).toBe(404);
    expect(requests()).toEqual([expect.objectContaining({ method: "GET", path: "/v1/nowhere", status: 404 })]);
  });
});
