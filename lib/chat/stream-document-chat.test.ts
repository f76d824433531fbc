import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { createUIMessageEventStream } from "@/lib/http/sse";
import { readLibraryFile } from "@/lib/library";
import { getBlobStore } from "@/lib/storage";
import { PythonSandbox } from "./python/python-sandbox";
import { getChatSession } from "./sessions/get-chat-session";
import { streamDocumentChat } from "./stream-document-chat";
import { makeInvoicePdf } from "./testing/chat-documents";
import { readSse, storeProcessedDocument } from "./testing/chat-fixtures";

let database: TestDatabase;
const python = new PythonSandbox();
beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
  python.prewarm();
});
afterAll(async () => {
  await python.dispose();
  await database?.dispose();
});

const usage = {
  inputTokens: { total: 40, noCache: 40, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

function streamOf(parts: LanguageModelV4StreamPart[]) {
  return {
    stream: new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    }),
  };
}

const ask = async (
  userId: string,
  body: Record<string, unknown>,
  ai: ConstructorParameters<typeof MockLanguageModelV4>[0] | null = null,
) =>
  readSse(
    createUIMessageEventStream(
      new Request("http://test/api/batch/document-chat", { method: "POST" }),
      await streamDocumentChat({
        db: database.db,
        userId,
        request: body as never,
        ai: ai ? { model: new MockLanguageModelV4(ai), label: "mock:test" } : null,
        maxRetries: 0,
        python,
      }),
    ),
  );

describe("streamDocumentChat", () => {
  it("answers offline over SSE with the amount and a grounded citation, and saves the session", async () => {
    const db = database.db;
    const stored = await storeProcessedDocument({ db, pdf: await makeInvoicePdf() });
    const events = await ask(stored.userId, { message: "What is the total due?", batch_id: stored.batchId });
    expect(events[0]).toMatchObject({
      event: "start",
      data: { messageMetadata: { engine: "offline", session_id: expect.any(String) } },
    });
    expect(events.map((event) => event.event)).toEqual(
      expect.arrayContaining(["tool-input-available", "tool-output-available", "text-delta", "data-citation"]),
    );
    const text = events.flatMap((event) => (event.event === "text-delta" ? [event.data.delta as string] : [])).join("");
    expect(text).toContain("132.50");
    const citation = events.find((event) => event.event === "data-citation")!.data.data as {
      document_id: string;
      quote: string;
      word_ids: string[];
      page: number;
    };
    expect(citation).toMatchObject({ document_id: stored.documentId, page: 1 });
    expect(citation.quote).toContain("132.50");
    expect(events.at(-1)).toMatchObject({ event: "finish", data: { messageMetadata: { engine: "offline" } } });

    const sessionId = (events[0].data.messageMetadata as { session_id: string }).session_id;
    const session = await getChatSession({ db, userId: stored.userId, sessionId });
    expect(session).toMatchObject({
      batch_id: stored.batchId,
      document_id: stored.documentId,
      document_name: "invoice.pdf",
      message_count: 2,
    });
    const answer = session.messages[1] as { role: string; parts: Array<{ type: string; data?: { gone?: boolean } }> };
    expect(answer.role).toBe("assistant");
    expect(answer.parts.find((part) => part.type === "data-citation")!.data!.gone).toBe(false);

    // A follow-up in the same session, then the document is deleted: the session opens, citations gone.
    await ask(stored.userId, { message: "toner", session_id: sessionId, batch_id: stored.batchId });
    await db.batchDocument.delete({ where: { id: stored.documentId } });
    const reopened = await getChatSession({ db, userId: stored.userId, sessionId });
    expect(reopened.message_count).toBe(4);
    const citations = reopened.messages.flatMap((message) =>
      ((message as { parts: Array<{ type: string; data?: { gone?: boolean } }> }).parts ?? []).filter(
        (part) => part.type === "data-citation",
      ),
    );
    expect(citations.length).toBeGreaterThan(1);
    expect(citations.every((part) => part.data!.gone === true)).toBe(true);
  });

  it(
    "runs the agent loop with the mock model calling each tool, grounding its refs and charging tokens",
    { timeout: 180_000 },
    async () => {
      const db = database.db;
      const stored = await storeProcessedDocument({ db, pdf: await makeInvoicePdf() });
      const totalLine = stored.pages[0].lines.find((line) => line.text.startsWith("Total due"))!;
      const ref = `D1:p1w${totalLine.firstWord}-${totalLine.firstWord + totalLine.wordCount - 1}`;
      let call = 0;
      const events = await ask(
        stored.userId,
        { messages: [{ role: "user", content: "What is the total due? Chart the items." }] },
        {
          doStream: async (options) => {
            call++;
            if (call === 1) {
              return streamOf([
                { type: "stream-start", warnings: [] },
                {
                  type: "tool-call",
                  toolCallId: "t1",
                  toolName: "search_knowledge_base",
                  input: JSON.stringify({ query: "total due" }),
                },
                {
                  type: "tool-call",
                  toolCallId: "t2",
                  toolName: "fetch_documents",
                  input: JSON.stringify({ document_ids: [stored.documentId] }),
                },
                {
                  type: "tool-call",
                  toolCallId: "t3",
                  toolName: "generate_chart",
                  input: JSON.stringify({
                    type: "bar",
                    title: "Items",
                    x: ["Paper", "Toner"],
                    series: [{ name: "Amount", values: [40, 80.5] }],
                  }),
                },
                {
                  type: "tool-call",
                  toolCallId: "t4",
                  toolName: "execute_python",
                  input: JSON.stringify({ code: "sum(data)", data: [40, 80.5, 12] }),
                },
                {
                  type: "tool-call",
                  toolCallId: "t5",
                  toolName: "generate_file",
                  input: JSON.stringify({
                    format: "xlsx",
                    file_name: "items",
                    rows: [
                      ["Item", "Amount"],
                      ["Paper", 40],
                      ["=HYPERLINK(1)", 1],
                    ],
                  }),
                },
                { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
              ]);
            }
            // The second step sees the tools' results.
            expect(JSON.stringify(options.prompt)).toContain(ref);
            return streamOf([
              { type: "text-start", id: "a" },
              { type: "text-delta", id: "a", delta: `The total due is 132.50 EUR [${ref}]. ` },
              { type: "text-delta", id: "a", delta: "Also [D1:p9w1] and [D7:p1w0]." },
              { type: "text-end", id: "a" },
              { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
            ]);
          },
        },
      );
      expect(events[0].data.messageMetadata).toMatchObject({ engine: "ai:mock:test" });
      const outputs = events
        .filter((event) => event.event === "tool-output-available")
        .map((event) => event.data.output as Record<string, unknown>);
      const outputOf = (id: string) =>
        events.find((event) => event.event === "tool-output-available" && event.data.toolCallId === id)?.data
          .output as Record<string, unknown>;
      expect(outputs).toHaveLength(5);
      expect((outputOf("t1").results as Array<{ ref: string }>)[0].ref).toBe(ref);
      expect((outputOf("t2").documents as Array<{ key_values: unknown[] }>)[0].key_values).toContainEqual({
        key: "Total due",
        value: "132.50 EUR",
        page: 1,
      });
      expect(outputOf("t3")).toMatchObject({ type: "bar", points: 2 });
      expect(outputOf("t4")).toEqual({ stdout: "", result: 132.5 });
      const file = outputOf("t5") as { file_id: string; download_url: string; file_name: string };
      expect(file).toMatchObject({
        file_name: "items.xlsx",
        download_url: `/api/batch/library/${file.file_id}/download`,
      });
      expect(events.find((event) => event.event === "data-file")!.data.data).toEqual(file);
      const saved = await readLibraryFile({ db, store: getBlobStore(), userId: stored.userId, fileId: file.file_id });
      expect(saved.bytes.subarray(0, 2).toString()).toBe("PK");
      expect(events.some((event) => event.event === "file" && event.data.mediaType === "image/png")).toBe(true);
      // Only the ref naming real words becomes a citation.
      const citations = events
        .filter((event) => event.event === "data-citation")
        .map((event) => event.data.data as { citation_id: string; quote: string });
      expect(citations).toEqual([expect.objectContaining({ citation_id: ref, quote: "Total due: 132.50 EUR" })]);
      const charges = await db.usageEvent.findMany({ where: { userId: stored.userId, operation: "chat" } });
      expect(charges.map((charge) => charge.tokens)).toEqual([120]);
    },
  );

  it("stops the agent and kills its Python child when the client disconnects", { timeout: 180_000 }, async () => {
    const db = database.db;
    const stored = await storeProcessedDocument({ db, pdf: await makeInvoicePdf() });
    const client = new AbortController();
    const chunks = await streamDocumentChat({
      db,
      userId: stored.userId,
      request: { message: "Loop forever" } as never,
      python,
      ai: {
        label: "mock:test",
        model: new MockLanguageModelV4({
          doStream: async () =>
            streamOf([
              {
                type: "tool-call",
                toolCallId: "loop",
                toolName: "execute_python",
                input: JSON.stringify({ code: "while True:\n    pass" }),
              },
              { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
            ]),
        }),
      },
    });
    const response = createUIMessageEventStream(
      new Request("http://test/api/batch/document-chat", { method: "POST", signal: client.signal }),
      chunks,
    );
    const reader = response.body!.getReader();
    let seen = "";
    while (!seen.includes("tool-input-available")) seen += new TextDecoder().decode((await reader.read()).value);
    // The child is running the loop now; the client goes away.
    await expect.poll(() => python.pids.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    const running = python.pids;
    client.abort();
    await expect
      .poll(() => running.filter((pid) => python.pids.includes(pid)).length, { timeout: 60_000 })
      .toBeLessThanOrEqual(1);
    const sessions = await db.chatSession.findMany({ where: { userId: stored.userId } });
    await expect
      .poll(
        async () =>
          ((await db.chatSession.findUnique({ where: { id: sessions[0].id } }))!.messages as unknown[]).length,
        { timeout: 60_000 },
      )
      .toBe(2);
  });

  it("streams a clear error when the provider is down and still saves the session", async () => {
    const db = database.db;
    const stored = await storeProcessedDocument({ db, pdf: await makeInvoicePdf() });
    const events = await ask(
      stored.userId,
      { message: "What is the total due?" },
      {
        doStream: async () => {
          throw new Error("connect ECONNREFUSED 10.0.0.1:443");
        },
      },
    );
    const error = events.find((event) => event.event === "error")!;
    expect(error.data.errorText).toMatch(/AI provider failed: .*ECONNREFUSED/);
    expect(events.at(-1)).toMatchObject({ event: "finish", data: { finishReason: "error" } });
    const sessionId = (events[0].data.messageMetadata as { session_id: string }).session_id;
    const session = await getChatSession({ db, userId: stored.userId, sessionId });
    expect(session.message_count).toBe(2);
    expect((session.messages[1] as unknown as { metadata: { error: string } }).metadata.error).toMatch(/ECONNREFUSED/);
  });

  it("refuses an exhausted balance (402), another user's batch (404) and an empty scope (400) before streaming", async () => {
    const db = database.db;
    const stored = await storeProcessedDocument({ db, pdf: await makeInvoicePdf() });
    const other = await storeProcessedDocument({ db, pdf: await makeInvoicePdf() });
    const model = { model: new MockLanguageModelV4({}), label: "mock:test" };
    const call = (userId: string, request: Record<string, unknown>, ai: typeof model | null = null) =>
      streamDocumentChat({ db, userId, request: request as never, ai });
    await expect(call(stored.userId, { message: "hi", batch_id: other.batchId })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(call(stored.userId, { message: "hi", document_ids: [other.documentId] })).rejects.toMatchObject({
      code: "not_found",
    });
    const empty = await db.user.create({ data: { email: `empty-${Date.now()}@example.com` } });
    await expect(call(empty.id, { message: "hi" })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringMatching(/nothing to chat about/),
    });
    await db.usageEvent.create({
      data: { userId: stored.userId, source: "app", operation: "ocr", tokens: 100_000_000 },
    });
    await expect(call(stored.userId, { message: "hi" }, model)).rejects.toMatchObject({ code: "insufficient_tokens" });
    // The offline engine uses no tokens, so it still answers.
    const offline = await call(stored.userId, { message: "hi" });
    expect((await readSse(createUIMessageEventStream(new Request("http://test/"), offline))).at(-1)).toMatchObject({
      event: "finish",
    });
  });
});
