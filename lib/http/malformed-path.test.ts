import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { setLogSinkForTests } from "@/lib/log/logger";
import { refuseMalformedPath } from "./malformed-path";

afterEach(() => setLogSinkForTests(undefined));

describe("refuseMalformedPath", () => {
  it("answers 400 in each surface's shape for a path that does not decode", async () => {
    const v1 = refuseMalformedPath(new URL("http://test/v1/jobs/%ff"))!;
    expect(v1.status).toBe(400);
    expect(await v1.json()).toEqual({
      error: {
        code: "bad_request",
        message: 'The path segment "%ff" is not valid percent-encoding (UTF-8 bytes as %XX)',
      },
    });
    const api = refuseMalformedPath(new URL("http://test/api/batch/status/abc%E0%A4"))!;
    expect(await api.json()).toEqual({
      detail: 'The path segment "abc%E0%A4" is not valid percent-encoding (UTF-8 bytes as %XX)',
    });
  });

  it("lets well-formed paths through, encoded or not", () => {
    for (const path of [
      "/v1/jobs/123",
      "/api/batch/image/batches%2Fa%2Fb.png",
      "/api/batch/status/caf%C3%A9",
      "/api/x/%25",
    ]) {
      expect(refuseMalformedPath(new URL(`http://test${path}`))).toBeUndefined();
    }
  });
});

describe("the proxy on a malformed path", () => {
  it("answers the JSON 400 to a request with a body and logs it", async () => {
    const lines: string[] = [];
    setLogSinkForTests((line) => lines.push(line));
    const response = proxy(
      new NextRequest("http://test/v1/jobs/%ff/cancel", { method: "POST", body: '{"reason":"x"}' }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "bad_request",
        message: 'The path segment "%ff" is not valid percent-encoding (UTF-8 bytes as %XX)',
      },
    });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: "warn",
        event: "request",
        method: "POST",
        path: "/v1/jobs/%ff/cancel",
        status: 400,
      }),
    ]);
  });
});
