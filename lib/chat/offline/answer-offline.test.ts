import type { UIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import { chatDocumentFromLines, invoiceLines, makeInvoicePdf, toolContext } from "../testing/chat-documents";
import { answerOffline } from "./answer-offline";

async function ask(question: string, pages: string[][] | Buffer = invoiceLines) {
  const document = await chatDocumentFromLines("invoice.pdf", pages);
  const chunks: UIMessageChunk[] = [];
  const answer = await answerOffline({
    question,
    context: toolContext([document]),
    emit: (chunk) => chunks.push(chunk),
  });
  return { document, chunks, answer };
}

describe("answerOffline", () => {
  it("answers a question about one value from the key-values, citing the words of the page", async () => {
    const { document, chunks, answer } = await ask("What is the total due?");
    expect(answer.text).toContain("120.50");
    expect(chunks[0]).toMatchObject({ type: "tool-input-available", toolName: "search_knowledge_base" });
    expect(chunks[1]).toMatchObject({ type: "tool-output-available" });
    const text = chunks.flatMap((chunk) => (chunk.type === "text-delta" ? [chunk.delta] : [])).join("");
    expect(text).toBe(answer.text);
    const citation = answer.citations[0];
    expect(citation).toMatchObject({ document_id: document.id, page: 1 });
    expect(citation.quote).toContain("120.50");
    // The citation's box holds the cited words, which are real words of the page.
    const words = citation.word_ids.map((id) => document.pages[0].words[Number(id.split("w")[1])]);
    const amount = words.find((word) => word.text === "120.50")!;
    expect(amount.box.x).toBeGreaterThanOrEqual(citation.box.x);
    expect(amount.box.x + amount.box.width).toBeLessThanOrEqual(citation.box.x + citation.box.width + 1e-9);
    expect(chunks.at(-1)).toMatchObject({ type: "data-citation", data: { citation_id: "1" } });
  });

  it("falls back to schema-guided extraction when no key-value label matches", async () => {
    const { answer } = await ask("What is the invoice date?", [
      ["ACME Supplies Ltd", "Berlin, 14 March 2025", "We thank you for your order"],
    ]);
    expect(answer.text).toBe("**invoice date**: 14 March 2025 (invoice.pdf, page 1) [1]");
    expect(answer.citations[0].quote).toContain("March");
  });

  it("answers other questions with the best-matching lines", async () => {
    const { answer } = await ask("toner");
    expect(answer.text).toContain('"Toner 1 80.50"');
    expect(answer.citations[0].quote).toBe("Toner 1 80.50");
  });

  it("says so when nothing matches", async () => {
    const { answer } = await ask("zebra migration");
    expect(answer.text).toMatch(/found nothing/);
    expect(answer.citations).toEqual([]);
  });

  it("draws a chart of a table", async () => {
    const { chunks, answer } = await ask("bar chart of the amounts", await makeInvoicePdf());
    const call = chunks.find((chunk) => chunk.type === "tool-input-available" && chunk.toolName === "generate_chart");
    expect(call).toMatchObject({
      input: { type: "bar", x: ["Paper", "Toner", "Staples"], series: [{ name: "Amount", values: [40, 80.5, 12] }] },
    });
    expect(chunks.find((chunk) => chunk.type === "file")).toMatchObject({
      mediaType: "image/png",
      url: expect.stringMatching(/^data:image\/png;base64,iVBOR/),
    });
    expect(answer.text).toMatch(/bar chart of Amount over 3 rows/);
  });
});
