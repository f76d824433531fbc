import { MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { parseCellMappings } from "@/lib/fill/excel/parse-cell-mappings";
import { makeInvoiceTemplate } from "@/lib/fill/testing/make-invoice-template";
import { saveLibraryFile } from "@/lib/library";
import { getBlobStore } from "@/lib/storage";
import { makeInvoicePdf } from "../testing/chat-documents";
import { storeProcessedDocument } from "../testing/chat-fixtures";
import { answerMappingChat } from "./answer-mapping-chat";
import { automapDocument } from "./automap-document";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
});
afterAll(async () => {
  await database?.dispose();
});

describe("automap", () => {
  it("maps given fields one-to-one with type checks", async () => {
    const db = database.db;
    const stored = await storeProcessedDocument({ db, pdf: await makeInvoicePdf() });
    const result = await automapDocument({
      db,
      store: getBlobStore(),
      userId: stored.userId,
      batchId: stored.batchId,
      documentId: stored.documentId,
      request: {
        template_fields: [
          { name: "Invoice No", type: "string" },
          { name: "Amount due", type: "number" },
          { name: "Invoice date", type: "date" },
          { name: "Date of birth", type: "date" },
          { name: "Invoice number (again)", type: "number" },
        ],
      },
    });
    const byField = Object.fromEntries(result.mappings.map((mapping) => [mapping.template_field, mapping]));
    expect(byField["Invoice No"]).toMatchObject({ source: "Invoice Number", value: "INV-2041", page: 1, cell: null });
    expect(byField["Amount due"]).toMatchObject({ source: "Total due", value: "132.50 EUR" });
    expect(byField["Invoice date"]).toMatchObject({ value: "2025-03-14" });
    expect(byField["Amount due"].box).toEqual(expect.objectContaining({ x: expect.any(Number) }));
    expect(byField["Amount due"].confidence).toBeGreaterThan(0.5);
    // "INV-2041" is not a number, and a value fills one field only.
    expect(result.unmapped.map((field) => field.template_field)).toEqual(["Date of birth", "Invoice number (again)"]);
  });

  it("reads a spreadsheet template from the library and answers cell_mappings the Excel fill accepts", async () => {
    const db = database.db;
    const stored = await storeProcessedDocument({ db, pdf: await makeInvoicePdf() });
    const template = await saveLibraryFile({
      db,
      store: getBlobStore(),
      userId: stored.userId,
      fileName: "invoice-template.xlsx",
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      bytes: await makeInvoiceTemplate(),
    });
    const result = await automapDocument({
      db,
      store: getBlobStore(),
      userId: stored.userId,
      batchId: stored.batchId,
      documentId: stored.documentId,
      request: { template_file_id: template.id },
    });
    expect(result.mappings.find((mapping) => mapping.template_field === "Invoice number")).toMatchObject({
      cell: "Invoice!B1",
      value: "INV-2041",
    });
    expect(result.cell_mappings["Invoice!B1"]).toBe("INV-2041");
    expect(
      parseCellMappings(result.cell_mappings, ["Invoice", "Notes"]).map((write) => [write.sheet, write.cell]),
    ).toContainEqual(["Invoice", "B1"]);
    const other = await storeProcessedDocument({ db, pdf: await makeInvoicePdf() });
    await expect(
      automapDocument({
        db,
        store: getBlobStore(),
        userId: other.userId,
        batchId: stored.batchId,
        documentId: stored.documentId,
        request: { template_file_id: template.id },
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      automapDocument({
        db,
        store: getBlobStore(),
        userId: other.userId,
        batchId: other.batchId,
        documentId: other.documentId,
        request: { template_file_id: template.id },
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("maps through the model, keeping only values grounded on cited words, and falls back when it fails", async () => {
    const db = database.db;
    const stored = await storeProcessedDocument({ db, pdf: await makeInvoicePdf() });
    const words = stored.pages[0].words;
    const id = (text: string) => `p1w${words.findIndex((word) => word.text === text)}`;
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        expect(JSON.stringify(options.prompt)).toContain(`132.50[${id("132.50")}]`);
        const mappings = [
          { template_field: "Total", word_ids: [id("132.50"), id("EUR")], confidence: 0.9 },
          { template_field: "Customer", word_ids: ["p9w1"], confidence: 0.9 },
          { template_field: "Invoice number", word_ids: [id("INV-2041")], confidence: 0.8 },
        ];
        return {
          content: [{ type: "text", text: JSON.stringify({ mappings }) }],
          finishReason: { unified: "stop", raw: "stop" },
          usage: {
            inputTokens: { total: 300, noCache: 300, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 50, text: 50, reasoning: 0 },
          },
          warnings: [],
        };
      },
    });
    const request = {
      template_fields: [
        { name: "Total", type: "number" as const, cell: "Sheet1!B4" },
        { name: "Customer", type: "string" as const },
        { name: "Invoice number", type: "string" as const },
      ],
    };
    const result = await automapDocument({
      db,
      store: getBlobStore(),
      userId: stored.userId,
      batchId: stored.batchId,
      documentId: stored.documentId,
      request,
      ai: { model, label: "mock:map" },
    });
    expect(result.engine).toBe("ai:mock:map");
    expect(result.mappings.map((mapping) => [mapping.template_field, mapping.value, mapping.page])).toEqual([
      ["Total", "132.50 EUR", 1],
      ["Invoice number", "INV-2041", 1],
    ]);
    expect(result.unmapped.map((field) => field.template_field)).toEqual(["Customer"]);
    expect(result.cell_mappings).toEqual({ "Sheet1!B4": "132.50 EUR" });
    expect(
      (await db.usageEvent.findMany({ where: { userId: stored.userId, operation: "automap" } })).map(
        (event) => event.tokens,
      ),
    ).toEqual([350]);

    const down = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error("provider down");
      },
    });
    const fallback = await automapDocument({
      db,
      store: getBlobStore(),
      userId: stored.userId,
      batchId: stored.batchId,
      documentId: stored.documentId,
      request,
      ai: { model: down, label: "mock:down" },
    });
    expect(fallback).toMatchObject({ engine: "offline", ai_error: expect.stringContaining("provider down") });
    expect(fallback.mappings.find((mapping) => mapping.template_field === "Total")?.value).toBe("132.50 EUR");
  });

  it("answers mapping chat with ranked values, context, page, box and similarity", async () => {
    const db = database.db;
    const stored = await storeProcessedDocument({ db, pdf: await makeInvoicePdf() });
    const result = await answerMappingChat({
      db,
      userId: stored.userId,
      batchId: stored.batchId,
      documentId: stored.documentId,
      field: "Grand total",
      limit: 5,
    });
    expect(result.matches[0]).toMatchObject({
      value: "132.50 EUR",
      label: "Total due",
      context: "Total due: 132.50 EUR",
      page: 1,
    });
    expect(result.matches[0].similarity).toBeGreaterThan(0.7);
    const toner = await answerMappingChat({
      db,
      userId: stored.userId,
      batchId: stored.batchId,
      documentId: stored.documentId,
      question: "toner",
      limit: 5,
    });
    expect(toner.matches[0]).toMatchObject({ label: null, page: 1 });
    expect(toner.matches[0].context).toContain("Toner");
    expect(toner.matches.every((match) => match.similarity >= 0 && match.similarity <= 1)).toBe(true);
  });
});
