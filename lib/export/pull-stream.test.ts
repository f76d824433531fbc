import { afterEach, describe, expect, it } from "vitest";
import { setLogSinkForTests } from "@/lib/log/logger";
import { pullStream } from "./pull-stream";

afterEach(() => setLogSinkForTests(undefined));

/** Chunks "a", "b", then a failure (a page image that cannot be read, a lost database connection…). */
async function* failingAfterTwo(): AsyncGenerator<Uint8Array> {
  yield Buffer.from("a");
  yield Buffer.from("b");
  throw new Error("page 3 image unreadable");
}

describe("pullStream", () => {
  it("errors the stream when the writer fails midway (so the download is cut short, not complete-looking) and logs it", async () => {
    const lines: string[] = [];
    setLogSinkForTests((line) => lines.push(line));
    const body = await pullStream(failingAfterTwo(), { event: "export_stream_failed", batch_id: "b1", mode: "report" });
    const reader = body.getReader();
    expect(Buffer.from((await reader.read()).value!).toString()).toBe("a");
    expect(Buffer.from((await reader.read()).value!).toString()).toBe("b");
    await expect(reader.read()).rejects.toThrow("page 3 image unreadable");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: "error",
      event: "export_stream_failed",
      batch_id: "b1",
      mode: "report",
      error: expect.stringContaining("page 3 image unreadable"),
    });
    // Read as a whole, as a route's Response body is, the failure rejects rather than ending with what was made.
    const response = new Response(await pullStream(failingAfterTwo(), { event: "export_stream_failed" }));
    await expect(response.arrayBuffer()).rejects.toThrow("page 3 image unreadable");
  });

  it("fails before answering when the first chunk cannot be made", async () => {
    async function* failingAtOnce(): AsyncGenerator<Uint8Array> {
      throw new Error("fonts missing");
    }
    await expect(pullStream(failingAtOnce(), { event: "export_stream_failed" })).rejects.toThrow("fonts missing");
  });

  it("stops the writer when the client goes away, without logging a failure", async () => {
    const lines: string[] = [];
    setLogSinkForTests((line) => lines.push(line));
    let stopped = false;
    async function* endless(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) yield Buffer.from("x");
      } finally {
        stopped = true;
      }
    }
    const reader = (await pullStream(endless(), { event: "export_stream_failed" })).getReader();
    await reader.read();
    await reader.cancel();
    expect(stopped).toBe(true);
    expect(lines).toEqual([]);
  });
});
