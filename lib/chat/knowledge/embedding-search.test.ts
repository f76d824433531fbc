import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import type { UIMessageChunk } from "ai";
import { MockEmbeddingModelV4, MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { runAgent } from "../agent/run-agent";
import { chatDocumentFromLines, toolContext } from "../testing/chat-documents";
import { searchKnowledgeBase } from "../tools/search-knowledge-base";
import { EmbeddingSearch } from "./embedding-search";

// A stand-in embedding model that knows a little meaning: each dimension is a concept, and words that
// mean it (owe, due, amount, total, pay) point the same way, so "how much do I owe" and "Total due"
// are close although they share no word.
const CONCEPTS = [
  ["owe", "due", "amount", "total", "pay", "payable", "balance"],
  ["date", "when", "issued", "day"],
  ["supplier", "vendor", "company", "ltd", "seller"],
  ["paper", "toner", "item", "items", "qty"],
];
const vectorOf = (text: string) => {
  const words = text.toLowerCase().split(/[^a-z]+/);
  return [...CONCEPTS.map((concept) => words.filter((word) => concept.includes(word)).length), 0.1];
};

function conceptModel(options: { fail?: boolean } = {}) {
  return new MockEmbeddingModelV4({
    provider: "mock",
    modelId: "concepts",
    maxEmbeddingsPerCall: 100,
    doEmbed: async ({ values }) => {
      if (options.fail) throw new Error("embedding provider is down");
      return { embeddings: values.map(vectorOf), usage: { tokens: values.length }, warnings: [] };
    },
  });
}

const invoice = () =>
  chatDocumentFromLines("invoice.pdf", [
    [
      "ACME Supplies Ltd",
      "Invoice Number: INV-2041",
      "Invoice Date: 2025-03-14",
      "Paper 2 40.00",
      "Toner 1 80.50",
      "Total due: 120.50 EUR",
    ],
  ]);

describe("search with embeddings", () => {
  it("finds a passage by meaning where BM25 finds nothing, and embeds each passage once", async () => {
    const document = await invoice();
    const lexical = await searchKnowledgeBase(toolContext([document]), { query: "How much do I owe?" });
    expect(lexical).toEqual({ engine: "bm25", results: [] });

    const model = conceptModel();
    const context = toolContext([document]);
    context.embeddings = new EmbeddingSearch(context.index, { model, label: "mock:concepts" });
    const found = await searchKnowledgeBase(context, { query: "How much do I owe?", limit: 3 });
    expect(found.engine).toBe("bm25+embeddings:mock:concepts");
    expect(found.results[0]).toMatchObject({ text: "Total due: 120.50 EUR", document_id: document.id, page: 1 });
    expect(found.results[0].word_ids.length).toBeGreaterThan(0);
    // An exact identifier still ranks first: the lexical ranking is fused in.
    const exact = await searchKnowledgeBase(context, { query: "INV-2041", limit: 3 });
    expect(exact.results[0].text).toContain("INV-2041");

    const passageCalls = model.doEmbedCalls.filter((call) => call.values.length > 1);
    expect(passageCalls).toHaveLength(1);
    expect(context.embeddings.tokens).toBeGreaterThan(passageCalls[0].values.length);
  });

  it("falls back to BM25 alone, saying why, when the provider fails", async () => {
    const context = toolContext([await invoice()]);
    context.embeddings = new EmbeddingSearch(
      context.index,
      { model: conceptModel({ fail: true }), label: "mock:down" },
      {
        maxRetries: 0,
      },
    );
    const found = await searchKnowledgeBase(context, { query: "total due" });
    expect(found.engine).toBe("bm25");
    expect(found.fallback).toContain("embedding provider is down");
    expect(found.results[0].text).toBe("Total due: 120.50 EUR");
  });

  it("is what the agent's search_knowledge_base tool uses when the provider has embeddings", async () => {
    const context = toolContext([await invoice()]);
    context.embeddings = new EmbeddingSearch(context.index, { model: conceptModel(), label: "mock:concepts" });
    const usage = {
      inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 5, text: 5, reasoning: 0 },
    };
    const streamOf = (parts: LanguageModelV4StreamPart[]) => ({
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    });
    let step = 0;
    const model = new MockLanguageModelV4({
      doStream: async () => {
        step += 1;
        if (step === 1)
          return streamOf([
            { type: "stream-start", warnings: [] },
            {
              type: "tool-call",
              toolCallId: "s1",
              toolName: "search_knowledge_base",
              input: JSON.stringify({ query: "How much do I owe?" }),
            },
            { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
          ]);
        return streamOf([
          { type: "text-start", id: "a" },
          { type: "text-delta", id: "a", delta: "You owe 120.50 EUR." },
          { type: "text-end", id: "a" },
          { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
        ]);
      },
    });
    const chunks: UIMessageChunk[] = [];
    await runAgent({
      ai: { model, label: "mock:test" },
      messages: [{ role: "user", content: "How much do I owe?" }],
      context,
      emit: (chunk) => chunks.push(chunk),
      maxRetries: 0,
    });
    const output = chunks.find((chunk) => chunk.type === "tool-output-available") as
      { output: { engine: string; results: Array<{ text: string }> } } | undefined;
    expect(output?.output.engine).toBe("bm25+embeddings:mock:concepts");
    expect(output?.output.results[0].text).toBe("Total due: 120.50 EUR");
  });
});
