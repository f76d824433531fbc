import { createUIMessageStream } from "ai";
import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { createEventStream, createUIMessageEventStream } from "./sse";

async function readAll(response: Response): Promise<string> {
  return await new Response(response.body).text();
}

describe("createEventStream", () => {
  it("streams events as text/event-stream and closes when the producer finishes", async () => {
    const onClose = vi.fn();
    const response = createEventStream(new Request("http://test/"), {
      produce: async ({ send }) => {
        send("status", { step: 1 });
        send("done", "ok");
      },
      onClose,
    });
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(await readAll(response)).toBe('event: status\ndata: {"step":1}\n\nevent: done\ndata: "ok"\n\n');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledExactlyOnceWith({ clientGone: false }));
  });

  it("sends an error event before closing when the producer throws", async () => {
    const response = createEventStream(new Request("http://test/"), {
      produce: async ({ send }) => {
        send("status", 1);
        throw new AppError("not_found", "Batch not found");
      },
    });
    expect(await readAll(response)).toBe(
      'event: status\ndata: 1\n\nevent: error\ndata: {"code":"not_found","message":"Batch not found"}\n\n',
    );
  });

  it("hides unexpected failures behind a generic message", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = createEventStream(new Request("http://test/"), {
      produce: async () => {
        throw new Error("database password is hunter2");
      },
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
      { produce: () => new Promise<void>((resolve) => (finish = resolve)) },
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
      {
        produce: async ({ send, signal }) => {
          producerSignal = signal;
          send("hello", 1);
          await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
          sendAfterAbort = send("late", 2);
        },
        onClose,
      },
      { heartbeatMs: 10 },
    );
    const reader = response.body!.getReader();
    await reader.read();
    client.abort();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledExactlyOnceWith({ clientGone: true }));
    expect(producerSignal.aborted).toBe(true);
    await vi.waitFor(() => expect(sendAfterAbort).toBe(false));
  });
});

describe("createUIMessageEventStream", () => {
  it("names each event after its chunk's type and sends the chunk as the data", async () => {
    const chunks = createUIMessageStream({
      execute: ({ writer }) => {
        writer.write({ type: "start", messageId: "m1" });
        writer.write({ type: "text-start", id: "t" });
        writer.write({ type: "text-delta", id: "t", delta: "Hello" });
        writer.write({ type: "text-end", id: "t" });
        writer.write({ type: "finish" });
      },
    });
    const text = await readAll(createUIMessageEventStream(new Request("http://test/"), chunks));
    expect(text).toBe(
      [
        'event: start\ndata: {"type":"start","messageId":"m1"}',
        'event: text-start\ndata: {"type":"text-start","id":"t"}',
        'event: text-delta\ndata: {"type":"text-delta","id":"t","delta":"Hello"}',
        'event: text-end\ndata: {"type":"text-end","id":"t"}',
        'event: finish\ndata: {"type":"finish"}',
        "",
      ].join("\n\n"),
    );
  });

  it("cancels the message stream when the client disconnects, so its producer hears of it", async () => {
    const client = new AbortController();
    const onEnd = vi.fn();
    const chunks = createUIMessageStream({
      execute: async ({ writer }) => {
        writer.write({ type: "start", messageId: "m1" });
        // Never finishes on its own.
        await new Promise(() => undefined);
      },
      onEnd,
    });
    const response = createUIMessageEventStream(new Request("http://test/", { signal: client.signal }), chunks);
    const reader = response.body!.getReader();
    await reader.read();
    client.abort();
    await vi.waitFor(() => expect(onEnd).toHaveBeenCalledWith(expect.objectContaining({ isCancelled: true })));
  });
});
