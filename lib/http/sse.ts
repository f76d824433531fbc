import type { EventStream, SendEvent } from "@/lib/contracts/event-stream";
import { toAppError } from "@/lib/errors/app-error";

export interface EventStreamOptions {
  /** Milliseconds between heartbeat comments that keep proxies from closing an idle stream. */
  heartbeatMs?: number;
}

/**
 * The text/event-stream Response serving a service's event stream. `send(event, data)` writes one
 * event with JSON data and returns false once the stream is closed. The stream closes when `produce`
 * settles; if it throws, an `error` event ({code, message}) goes out first. When the client
 * disconnects, `signal` aborts, heartbeats stop and `onClose` runs, so the producer can stop its work.
 */
export function createEventStream(
  req: Request,
  { produce, onClose }: EventStream,
  options: EventStreamOptions = {},
): Response {
  const encoder = new TextEncoder();
  const producerAbort = new AbortController();
  let controller: ReadableStreamDefaultController<Uint8Array>;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let closed = false;

  const write = (text: string): boolean => {
    if (closed) return false;
    controller.enqueue(encoder.encode(text));
    return true;
  };
  const send: SendEvent = (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data ?? null)}\n\n`);

  const finish = (closeStream: boolean) => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    req.signal.removeEventListener("abort", onClientGone);
    producerAbort.abort();
    if (closeStream) controller.close();
    if (onClose) {
      const clientGone = !closeStream || req.signal.aborted;
      Promise.resolve()
        .then(() => onClose({ clientGone }))
        .catch((error: unknown) => console.error("[sse] cleanup failed", error));
    }
  };
  const onClientGone = () => finish(false);

  const run = async () => {
    try {
      await produce({ send, signal: producerAbort.signal });
    } catch (error) {
      if (closed) {
        // The client left; an abort caused by that is expected, anything else is worth a log line.
        if (!(error instanceof Error && error.name === "AbortError"))
          console.error("[sse] producer failed after disconnect", error);
      } else {
        const { appError, unexpected } = toAppError(error);
        if (unexpected) console.error("[sse] producer failed", error);
        send("error", { code: appError.code, message: appError.message });
      }
    } finally {
      finish(true);
    }
  };

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      if (req.signal.aborted) {
        finish(true);
        return;
      }
      req.signal.addEventListener("abort", onClientGone, { once: true });
      heartbeat = setInterval(() => write(": heartbeat\n\n"), options.heartbeatMs ?? 15_000);
      void run();
    },
    cancel() {
      finish(false);
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      // Stops nginx-style proxies from buffering the stream.
      "X-Accel-Buffering": "no",
    },
  });
}

/**
 * An AI SDK UI message stream (`createUIMessageStream`) served as server-sent events, each named
 * after its chunk's type; the SDK's chat client reads the data lines. A client that disconnects
 * cancels the stream, which tells its producer to stop.
 */
export function createUIMessageEventStream(
  req: Request,
  chunks: ReadableStream<{ type: string }>,
  options: EventStreamOptions = {},
): Response {
  return createEventStream(
    req,
    {
      produce: async ({ send, signal }) => {
        const reader = chunks.getReader();
        const cancel = () => void reader.cancel().catch(() => undefined);
        signal.addEventListener("abort", cancel, { once: true });
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            send(value.type, value);
          }
        } finally {
          signal.removeEventListener("abort", cancel);
        }
      },
    },
    options,
  );
}
