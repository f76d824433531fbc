import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/pages/types";
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

const failingModel = () =>
  new MockLanguageModelV4({
    doGenerate: async () => {
      throw new Error("provider down");
    },
  });

async function pages() {
  return (
    await readDocument({
      bytes: await makeTextPdf([
        ["Receipt from Corner Shop", "Paid on 2 January 2025", "Amount paid EUR 18,20", "Cashier: Ann Lee"],
      ]),
    })
  ).pages;
}

/** The id the model is shown for the first word with this text ("p1w12"). */
function idOf(documentPages: Page[], text: string): string {
  const index = documentPages[0].words.findIndex((word) => word.text === text);
  if (index < 0) throw new Error(`no word ${text}`);
  return `p1w${index}`;
}

describe("extractDocument", () => {
  it("uses the deterministic engine without a provider", async () => {
    const result = await extractDocument({
      pages: await pages(),
      schema: [{ name: "amount paid", type: "number" }],
      ai: null,
    });
    expect(result.engine).toBe("deterministic");
    expect(result.keyValuePairs.map((pair) => [pair.key, pair.value, pair.method])).toContainEqual([
      "Cashier",
      "Ann Lee",
      "colon",
    ]);
  });

  it("grounds AI schema fields on the cited words, with page and box", async () => {
    const documentPages = await pages();
    const id = (text: string) => idOf(documentPages, text);
    const model = mockModel((prompt) => {
      expect(prompt).toContain(`18,20[${id("18,20")}]`);
      return {
        documentType: "receipt",
        keyValuePairs: [],
        fields: [
          // The model misquotes the amount: the value is read from the cited word, not the answer.
          { name: "amount", value: "99.99", wordIds: [id("18,20")], confidence: 0.9 },
          { name: "paid_on", value: "2 January 2025", wordIds: [id("2025"), id("January"), id("2")], confidence: 0.8 },
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
    const cited = documentPages[0].words.find((word) => word.text === "18,20")!.box;
    expect(amount.box!.x).toBeCloseTo(cited.x, 6);
    expect(amount.box!.width).toBeCloseTo(cited.width, 6);
    expect(amount.confidence).toBeCloseTo(0.9);
    expect(result.fieldDetails!.find((detail) => detail.name === "paid_on")!.words).toEqual(["2", "January", "2025"]);
  });

  it("grounds an AI value that cites no words on the trained field model's reading of the same value", async () => {
    const receiptPages = (
      await readDocument({
        bytes: await makeTextPdf([["CORNER SHOP SDN BHD", "SUB TOTAL 40.00", "GST 2.40", "TOTAL 42.40", "CASH 50.00"]]),
      })
    ).pages;
    const model = mockModel(() => ({
      documentType: "receipt",
      keyValuePairs: [],
      fields: [
        { name: "total", value: "42.40", wordIds: [], confidence: 0.9 },
        // Another value than the one read: not grounded, so not reported.
        { name: "date", value: "2025-01-02", wordIds: [], confidence: 0.9 },
      ],
    }));
    const result = await extractDocument({
      pages: receiptPages,
      schema: [
        { name: "total", type: "number" },
        { name: "date", type: "date" },
      ],
      ai: { model, label: "mock:test" },
    });
    expect(result.fields).toEqual({ total: "42.4", date: null });
    const total = result.fieldDetails!.find((detail) => detail.name === "total")!;
    const printed = receiptPages[0].words.find((word) => word.text === "42.40")!.box;
    expect(total).toMatchObject({ page: 1, words: ["42.40"] });
    expect(total.box!.x).toBeCloseTo(printed.x, 6);
  });

  it("reads a cited numeric date in the order the document writes its dates", async () => {
    const documentPages = (
      await readDocument({ bytes: await makeTextPdf([["Invoice of 25/12/2024", "Paid on 03/01/2025"]]) })
    ).pages;
    const model = mockModel(() => ({
      documentType: "invoice",
      keyValuePairs: [],
      fields: [
        { name: "paid_on", value: "3 March 2025", wordIds: [idOf(documentPages, "03/01/2025")], confidence: 0.9 },
      ],
    }));
    const result = await extractDocument({
      pages: documentPages,
      schema: [{ name: "paid_on", type: "date" }],
      ai: { model, label: "mock:test" },
    });
    // 25/12/2024 can only be day-first, so 03/01/2025 is 3 January.
    expect(result.fields).toEqual({ paid_on: "2025-01-03" });
  });

  it("pairs keys and values and classifies through the model, dropping values that cite no real word", async () => {
    const documentPages = await pages();
    const id = (text: string) => idOf(documentPages, text);
    const model = mockModel((prompt) => {
      expect(prompt).not.toContain("Fields:");
      return {
        documentType: "receipt",
        keyValuePairs: [
          {
            key: "Cashier",
            keyWordIds: [id("Cashier:")],
            value: "Ann Lee",
            valueWordIds: [id("Ann"), id("Lee")],
            confidence: 1,
          },
          {
            key: "Amount paid",
            keyWordIds: [id("Amount"), id("paid")],
            value: "EUR 18,20",
            valueWordIds: [id("EUR"), id("18,20")],
            confidence: 0.8,
          },
          // An implicit label: the model names it, the value is still the document's.
          {
            key: "Shop",
            keyWordIds: [],
            value: "Corner Shop",
            valueWordIds: [id("Corner"), id("Shop")],
            confidence: 0.7,
          },
          {
            key: "Store number",
            keyWordIds: [id("Receipt")],
            value: "4711",
            valueWordIds: ["p1w9999", "p7w1", "w3"],
            confidence: 0.9,
          },
          { key: "Tip", keyWordIds: [], value: "2.00", valueWordIds: [], confidence: 0.9 },
        ],
      };
    });
    const result = await extractDocument({ pages: documentPages, ai: { model, label: "mock:kv" } });
    expect(result.engine).toBe("ai:mock:kv");
    expect(result.documentType).toBe("receipt");
    expect(result.fields).toBeUndefined();
    expect(result.keyValuePairs.map((pair) => [pair.key, pair.value, pair.method])).toEqual([
      ["Cashier", "Ann Lee", "model"],
      ["Amount paid", "EUR 18,20", "model"],
      ["Shop", "Corner Shop", "model"],
    ]);
    const words = documentPages[0].words;
    const [cashier, , shop] = result.keyValuePairs;
    expect(cashier.page).toBe(1);
    expect(cashier.keyBox!.x).toBeCloseTo(words[Number(id("Cashier:").slice(3))].box.x, 6);
    expect(cashier.valueBox!.x).toBeCloseTo(words[Number(id("Ann").slice(3))].box.x, 6);
    expect(cashier.confidence).toBeCloseTo(1);
    expect(shop.keyBox).toBeUndefined();
    expect(shop.valueBox!.width).toBeGreaterThan(0);
    // Layout results the model does not replace.
    expect(result.entities).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: "date", value: "2025-01-02" })]),
    );
  });

  it("falls back to the deterministic engine and reports the AI failure", async () => {
    const result = await extractDocument({
      pages: await pages(),
      schema: [{ name: "amount paid", type: "number" }],
      ai: { model: failingModel(), label: "mock:down" },
    });
    expect(result.engine).toBe("deterministic");
    expect(result.aiError).toContain("provider down");
    expect(result.fields).toEqual({ "amount paid": "18.2" });
  });

  it("falls back for pairing and classification too", async () => {
    const result = await extractDocument({ pages: await pages(), ai: { model: failingModel(), label: "mock:down" } });
    expect(result).toMatchObject({ engine: "deterministic", aiError: expect.stringContaining("provider down") });
    expect(result.keyValuePairs.map((pair) => [pair.key, pair.value, pair.method])).toContainEqual([
      "Cashier",
      "Ann Lee",
      "colon",
    ]);
  });

  it("falls back when the model's answer does not match the typed schema", async () => {
    const model = mockModel(() => ({ documentType: "poem", keyValuePairs: "none" }));
    const result = await extractDocument({ pages: await pages(), ai: { model, label: "mock:bad" } });
    expect(result.engine).toBe("deterministic");
    expect(result.aiError).toBeTruthy();
  });
});
