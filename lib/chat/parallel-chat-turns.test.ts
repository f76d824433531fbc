import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { createUIMessageEventStream } from "@/lib/http/sse";
import { messageText } from "./schemas";
import { getChatSession } from "./sessions/get-chat-session";
import { streamDocumentChat } from "./stream-document-chat";
import { makeInvoicePdf } from "./testing/chat-documents";
import { readSse, storeProcessedDocument } from "./testing/chat-fixtures";

// Turns sent at the same time on one session: every question and every answer is kept.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
}, 300_000);
afterAll(async () => {
  await database?.dispose();
});

async function ask(userId: string, body: Record<string, unknown>) {
  return readSse(
    createUIMessageEventStream(
      new Request("http://test/api/batch/document-chat", { method: "POST" }),
      await streamDocumentChat({ db: database.db, userId, request: body as never, ai: null }),
    ),
  );
}

describe("parallel chat turns on one session", () => {
  it("keeps all ten questions and their answers", async () => {
    const db = database.db;
    const stored = await storeProcessedDocument({ db, pdf: await makeInvoicePdf() });
    const first = await ask(stored.userId, { message: "What is the total due?", batch_id: stored.batchId });
    const sessionId = (first[0]!.data.messageMetadata as { session_id: string }).session_id;

    const questions = Array.from({ length: 10 }, (_, index) => `Question ${index + 1}: what is the invoice number?`);
    const turns = await Promise.all(
      questions.map((message) => ask(stored.userId, { message, session_id: sessionId, batch_id: stored.batchId })),
    );
    for (const events of turns) expect(events.at(-1)).toMatchObject({ event: "finish" });

    const session = await getChatSession({ db, userId: stored.userId, sessionId });
    expect(session.message_count).toBe(22);
    const messages = session.messages as unknown as { role: string; parts?: Array<{ type: string }> }[];
    const userTexts = messages.filter((message) => message.role === "user").map((message) => messageText(message));
    expect(userTexts.sort()).toEqual(["What is the total due?", ...questions].sort());
    expect(messages.filter((message) => message.role === "assistant")).toHaveLength(11);
  }, 300_000);
});
