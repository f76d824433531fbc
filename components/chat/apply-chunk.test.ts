import { describe, expect, it } from "vitest";
import { applyChunk, fromStoredMessage } from "./apply-chunk";
import type { ChatMessage } from "./chat-types";
import { readEventStream } from "./read-event-stream";

const citation = {
  citation_id: "1",
  document_id: "d",
  document_name: "invoice.pdf",
  batch_id: "b",
  page: 1,
  word_ids: ["p1w3"],
  box: { x: 0.1, y: 0.2, width: 0.3, height: 0.02 },
  quote: "120.50",
};

describe("applyChunk", () => {
  it("builds the assistant message from the stream's chunks", async () => {
    const events = [
      { type: "start", messageMetadata: { engine: "offline", session_id: "s" } },
      { type: "tool-input-available", toolCallId: "t", toolName: "search_knowledge_base", input: { query: "total" } },
      { type: "tool-output-available", toolCallId: "t", output: { results: [] } },
      { type: "text-start", id: "a" },
      { type: "text-delta", id: "a", delta: "Total " },
      { type: "text-delta", id: "a", delta: "120.50 [1]" },
      { type: "text-end", id: "a" },
      { type: "data-citation", id: "1", data: citation },
      { type: "finish", messageMetadata: { engine: "offline" } },
    ];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const text = events
          .map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
          .join(": heartbeat\n\n");
        // Split mid-event, as the network does.
        const bytes = new TextEncoder().encode(text);
        controller.enqueue(bytes.slice(0, 57));
        controller.enqueue(bytes.slice(57));
        controller.close();
      },
    });
    let message: ChatMessage = { id: "m", role: "assistant", parts: [] };
    await readEventStream(body, (chunk) => (message = applyChunk(message, chunk)));
    expect(message.engine).toBe("offline");
    expect(message.parts).toEqual([
      {
        type: "tool",
        toolCallId: "t",
        toolName: "search_knowledge_base",
        input: { query: "total" },
        output: { results: [] },
        state: "done",
      },
      { type: "text", text: "Total 120.50 [1]" },
      { type: "citation", citation },
    ]);
  });

  it("reads a saved message with tool parts, citations marked gone and a provider error", () => {
    const message = fromStoredMessage({
      id: "m",
      role: "assistant",
      metadata: { engine: "ai:x", error: "The AI provider failed: down" },
      parts: [
        { type: "tool-generate_chart", toolCallId: "c", state: "output-available", input: {}, output: { points: 2 } },
        { type: "data-citation", data: { ...citation, gone: true } },
      ],
    });
    expect(message.parts).toEqual([
      {
        type: "tool",
        toolCallId: "c",
        toolName: "generate_chart",
        input: {},
        output: { points: 2 },
        error: undefined,
        state: "done",
      },
      { type: "citation", citation: { ...citation, gone: true } },
      { type: "error", text: "The AI provider failed: down" },
    ]);
  });
});
