import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { createEventStream } from "./sse";

async function readAll(response: Response): Promise<string> {
  return await new Response(response.body).text();
}

describe("createEventStream", () => {
  it("streams events as text/event-stream and closes when the producer finishes", async () => {
    const onClose = vi.fn();
    const response = createEventStream(
      new Request("http://test/"),
      async ({ send }) => {
        send("status", { step: 1 });
        send("done", "ok");
      },
      { onClose },
    );
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(await readAll(response)).toBe('event: status\ndata: {"step":1}\n\nevent: done\ndata: "ok"\n\n');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it("sends an error event before closing when the producer throws", async () => {
    const response = createEventStream(new Request("http://test/"), async ({ send }) => {
      send("status", 1);
      throw new AppError("not_found", "Batch not found");
    });
    expect(await readAll(response)).toBe(
      'event: status\ndata: 1\n\nevent: error\ndata: {"code":"not_found","message":"Batch not found"}\n\n',
    );
  });

  it("hides unexpected failures behind a generic message", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = createEventStream(new Request("http://test/"), async () => {
      throw new Error("database password is hunter2");
    });
    expect(await readAll(response)).toBe(
      'event: error\ndata: {"code":"internal_error","message":"Internal server error"}\n\n',
    );
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it("sends heartbeat comments while the producer is quiet", async () => {
    let finish!: () => void;
    const response = createEventStream(
      new Request("http://test/"),
      () => new Promise<void>((resolve) => (finish = resolve)),
      { heartbeatMs: 20 },
    );
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe(": heartbeat\n\n");
    finish();
    for (;;) if ((await reader.read()).done) break;
  });

  it("stops the producer, heartbeats and runs cleanup when the client disconnects", async () => {
    const client = new AbortController();
    const onClose = vi.fn();
    let producerSignal!: AbortSignal;
    let sendAfterAbort: boolean | undefined;
    const response = createEventStream(
      new Request("http://test/", { signal: client.signal }),
      async ({ send, signal }) => {
        producerSignal = signal;
        send("hello", 1);
        await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
        sendAfterAbort = send("late", 2);
      },
      { heartbeatMs: 10, onClose },
    );
    const reader = response.body!.getReader();
    await reader.read();
    client.abort();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(producerSignal.aborted).toBe(true);
    await vi.waitFor(() => expect(sendAfterAbort).toBe(false));
  });
});
