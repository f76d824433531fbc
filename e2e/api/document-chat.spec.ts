import { expect, test, type APIRequestContext } from "../support/fixtures";
import { bearer, createUser } from "../support/accounts";
import { digitalPdf, uploadBatch, waitForBatch } from "./batch-support";

type Box = { x: number; y: number; width: number; height: number };
type SseEvent = { event: string; data: Record<string, unknown> };

function parseSse(text: string): SseEvent[] {
  return text
    .split("\n\n")
    .filter((block) => block.startsWith("event:"))
    .map((block) => {
      const [eventLine, dataLine] = block.split("\n");
      return { event: eventLine.slice(7), data: JSON.parse(dataLine.slice(6)) };
    });
}

async function processedInvoice(request: APIRequestContext, auth: Record<string, string>) {
  const upload = await uploadBatch(request, {
    headers: auth,
    files: [await digitalPdf([["ACME Supplies Ltd", "Invoice Number: INV-2041", "Total due: 120.50 EUR"]])],
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const batch = await upload.json();
  await waitForBatch(request, batch.batch_id, auth);
  return { batchId: batch.batch_id as string, documentId: batch.documents[0].document_id as string };
}

test.describe("document chat", () => {
  test("a question about an invoice's total streams the amount with a citation whose box holds those words; the session is saved", async ({
    request,
    auth,
  }) => {
    const { batchId, documentId } = await processedInvoice(request, auth);

    const response = await request.post("/api/batch/document-chat", {
      headers: auth,
      data: { message: "What is the total due?", batch_id: batchId },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/event-stream/);
    const events = parseSse(await response.text());
    expect(events[0]).toMatchObject({
      event: "start",
      data: { type: "start", messageMetadata: { engine: "offline" } },
    });
    expect(events.find((event) => event.event === "tool-input-available")!.data).toMatchObject({
      toolName: "search_knowledge_base",
      input: { query: "What is the total due?" },
    });
    const text = events.flatMap((event) => (event.event === "text-delta" ? [event.data.delta as string] : [])).join("");
    expect(text).toContain("120.50");
    expect(events.at(-1)).toMatchObject({ event: "finish", data: { messageMetadata: { engine: "offline" } } });

    const citation = events.find((event) => event.event === "data-citation")!.data.data as {
      document_id: string;
      page: number;
      box: Box;
      word_ids: string[];
      quote: string;
    };
    expect(citation).toMatchObject({ document_id: documentId, page: 1 });
    expect(citation.quote).toContain("120.50");
    const results = await (await request.get(`/api/batch/results/${batchId}`, { headers: auth })).json();
    const words: Array<{ text: string; box: Box }> = results.documents[0].pages[0].bounding_boxes.words;
    const amount = words.find((word) => word.text === "120.50")!;
    expect(citation.word_ids).toContain(`p1w${words.indexOf(amount)}`);
    expect(amount.box.x).toBeGreaterThanOrEqual(citation.box.x - 1e-9);
    expect(amount.box.y).toBeGreaterThanOrEqual(citation.box.y - 1e-9);
    expect(amount.box.x + amount.box.width).toBeLessThanOrEqual(citation.box.x + citation.box.width + 1e-9);
    expect(amount.box.y + amount.box.height).toBeLessThanOrEqual(citation.box.y + citation.box.height + 1e-9);

    const sessionId = (events[0].data.messageMetadata as { session_id: string }).session_id;
    const list = await (
      await request.get(`/api/batch/document-chat/sessions?document_name=INVOICE`, { headers: auth })
    ).json();
    expect(list.sessions).toEqual([
      expect.objectContaining({ session_id: sessionId, batch_id: batchId, document_id: documentId, message_count: 2 }),
    ]);
    expect(
      (await (await request.get(`/api/batch/document-chat/sessions?batch_id=${documentId}`, { headers: auth })).json())
        .sessions,
    ).toEqual([]);
    const session = await (
      await request.get(`/api/batch/document-chat/sessions/${sessionId}`, { headers: auth })
    ).json();
    expect(session.messages[1].parts.some((part: { type: string }) => part.type === "data-citation")).toBe(true);

    const saved = await request.post("/api/batch/document-chat/sessions", {
      headers: auth,
      data: {
        title: "Notes",
        batch_id: batchId,
        document_id: documentId,
        messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "hello" }] }],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect(await saved.json()).toMatchObject({ title: "Notes", document_name: "invoice.pdf", message_count: 1 });

    // Deleting the document keeps the session, with its citations marked gone.
    expect((await request.delete(`/api/batch/${batchId}/document/${documentId}`, { headers: auth })).status()).toBe(
      200,
    );
    const reopened = await (
      await request.get(`/api/batch/document-chat/sessions/${sessionId}`, { headers: auth })
    ).json();
    expect(reopened.messages[1].parts.find((part: { type: string }) => part.type === "data-citation").data.gone).toBe(
      true,
    );
    expect((await request.delete(`/api/batch/document-chat/sessions/${sessionId}`, { headers: auth })).status()).toBe(
      200,
    );
    expect((await request.get(`/api/batch/document-chat/sessions/${sessionId}`, { headers: auth })).status()).toBe(404);
  });

  test("another user's batch, document and session answer 404; bad input answers 4xx with a reason", async ({
    request,
  }) => {
    const owner = await createUser(request);
    const intruder = await createUser(request);
    const ownerAuth = bearer(owner.token);
    const auth = bearer(intruder.token);
    const { batchId, documentId } = await processedInvoice(request, ownerAuth);
    const started = parseSse(
      await (
        await request.post("/api/batch/document-chat", {
          headers: ownerAuth,
          data: { message: "total?", document_ids: [documentId] },
        })
      ).text(),
    );
    const sessionId = (started[0].data.messageMetadata as { session_id: string }).session_id;

    expect(
      (
        await request.post("/api/batch/document-chat", {
          headers: auth,
          data: { message: "total?", batch_id: batchId },
        })
      ).status(),
    ).toBe(404);
    expect(
      (
        await request.post("/api/batch/document-chat", {
          headers: auth,
          data: { message: "total?", document_ids: [documentId] },
        })
      ).status(),
    ).toBe(404);
    expect(
      (
        await request.post("/api/batch/document-chat", {
          headers: auth,
          data: { message: "total?", session_id: sessionId },
        })
      ).status(),
    ).toBe(404);
    expect((await request.get(`/api/batch/document-chat/sessions/${sessionId}`, { headers: auth })).status()).toBe(404);
    expect((await request.delete(`/api/batch/document-chat/sessions/${sessionId}`, { headers: auth })).status()).toBe(
      404,
    );
    expect(
      (
        await request.post("/api/batch/document-chat/sessions", {
          headers: auth,
          data: { batch_id: batchId, messages: [] },
        })
      ).status(),
    ).toBe(404);
    expect((await (await request.get("/api/batch/document-chat/sessions", { headers: auth })).json()).sessions).toEqual(
      [],
    );

    const empty = await request.post("/api/batch/document-chat", { headers: auth, data: { message: "total?" } });
    expect(empty.status()).toBe(400);
    expect((await empty.json()).detail).toMatch(/nothing to chat about/);
    const long = await request.post("/api/batch/document-chat", {
      headers: ownerAuth,
      data: { message: "x".repeat(20_001) },
    });
    expect(long.status()).toBe(422);
    const many = await request.post("/api/batch/document-chat", {
      headers: ownerAuth,
      data: { messages: Array.from({ length: 101 }, () => ({ role: "user", content: "hi" })) },
    });
    expect(many.status()).toBe(422);
    expect(JSON.stringify(await many.json())).toMatch(/at most 100 messages/);
    expect((await request.post("/api/batch/document-chat", { data: { message: "total?" } })).status()).toBe(401);
  });
});
