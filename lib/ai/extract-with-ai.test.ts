import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { extractDocument } from "./extract-with-ai";

function mockModel(answer: (prompt: string) => unknown) {
  return new MockLanguageModelV4({
    doGenerate: async (options) => {
      const prompt = JSON.stringify(options.prompt);
      return {
        content: [{ type: "text", text: JSON.stringify(answer(prompt)) }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 10, text: 10, reasoning: 0 },
        },
        warnings: [],
      };
    },
  });
}

async function pages() {
  return (await readDocument({ bytes: await makeTextPdf([["Receipt from Corner Shop", "Paid on 2 January 2025", "Amount paid EUR 18,20"]]) })).pages;
}

describe("extractDocument", () => {
  it("uses the deterministic engine without a provider", async () => {
    const result = await extractDocument({ pages: await pages(), schema: [{ name: "amount paid", type: "number" }], ai: null });
    expect(result.engine).toBe("deterministic");
  });

  it("grounds AI values on the cited words, with page and box", async () => {
    const documentPages = await pages();
    const words = documentPages[0].words;
    const id = (text: string) => `p1w${words.findIndex((word) => word.text === text)}`;
    const model = mockModel((prompt) => {
      expect(prompt).toContain(`18,20[${id("18,20")}]`);
      return {
        documentType: "receipt",
        fields: [
          { name: "amount", value: "18,20", wordIds: [id("18,20")], confidence: 0.9 },
          { name: "paid_on", value: "2 January 2025", wordIds: [id("2"), id("January"), id("2025")], confidence: 0.8 },
          { name: "shop", value: "Invented Shop", wordIds: ["p9w999"], confidence: 0.9 },
          { name: "vat", value: null, wordIds: [], confidence: 0 },
        ],
      };
    });
    const result = await extractDocument({
      pages: documentPages,
      schema: [
        { name: "amount", type: "number" },
        { name: "paid_on", type: "date" },
        { name: "shop", type: "string" },
        { name: "vat", type: "number" },
      ],
      ai: { model, label: "mock:test" },
    });
    expect(result.engine).toBe("ai:mock:test");
    expect(result.documentType).toBe("receipt");
    expect(result.fields).toEqual({ amount: "18.2", paid_on: "2025-01-02", shop: null, vat: null });
    const amount = result.fieldDetails!.find((detail) => detail.name === "amount")!;
    expect(amount).toMatchObject({ page: 1, typedValue: 18.2, words: ["18,20"] });
    const cited = words.find((word) => word.text === "18,20")!.box;
    expect(amount.box!.x).toBeCloseTo(cited.x, 6);
    expect(amount.box!.width).toBeCloseTo(cited.width, 6);
    expect(amount.confidence).toBeCloseTo(0.9);
  });

  it("falls back to the deterministic engine and reports the AI failure", async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error("provider down");
      },
    });
    const result = await extractDocument({ pages: await pages(), schema: [{ name: "amount paid", type: "number" }], ai: { model, label: "mock:down" } });
    expect(result.engine).toBe("deterministic");
    expect(result.aiError).toContain("provider down");
    expect(result.fields).toEqual({ "amount paid": "18.2" });
  });
});
