import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { functionDefinitions } from "@/inngest/functions";
import { getExecutor, startExecutor, stopExecutor } from "@/lib/background";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { getBlobStore } from "@/lib/storage";
import { textFromWords } from "./apply-word-edits";
import { getBatchResults } from "./get-batch-results";
import type { StoredBoundingBoxes } from "./processing/page-data";
import { updateDocumentPagesRoute, updatePageRoute } from "./batch.contract";
import { DocumentPagesUpdateRequest, PageUpdateRequest } from "./request-schemas";
import { startBatchProcessing } from "./start-batch-processing";
import { updatePage } from "./update-page";
import { uploadBatch } from "./upload-batch";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
  await startExecutor({ definitions: functionDefinitions });
});
afterAll(async () => {
  await stopExecutor();
  await terminateOcrPool();
  await database?.dispose();
});

async function processedPage() {
  const db = database.db;
  const user = await registerUser({
    db: database.db,
    email: `words-${Date.now()}@example.com`,
    password: "a sensible passphrase",
  });
  const owner = { userId: user.id };
  const pdf = await makeTextPdf([["Invoice INV-2041 from ACME SUPPLY", "Total due 367.80 EUR"]]);
  const upload = await uploadBatch({
    db,
    store: getBlobStore(),
    owner,
    tier: "free",
    files: [new File([new Uint8Array(pdf)], "invoice.pdf")],
  });
  await startBatchProcessing({ db, owner, batchId: upload.batch_id });
  await (await getExecutor()).drain({ timeoutMs: 60_000 });
  const ids = { batchId: upload.batch_id, documentId: upload.documents[0].document_id, pageNumber: 1 };
  return { db, owner, ids };
}

describe("word-by-word corrections", () => {
  it("change the word in bounding_boxes, keep the raw reading, and rebuild extracted_text from the words", async () => {
    const { db, owner, ids } = await processedPage();
    const words = () =>
      getBatchResults({ db, owner, batchId: ids.batchId, query: { page_offset: 0 } }).then(
        (results) => results.documents[0].pages[0],
      );
    const before = await words();
    const boxes = before.bounding_boxes as unknown as StoredBoundingBoxes;
    const total = boxes.words.findIndex((word) => word.text === "367.80");
    const supply = boxes.words.findIndex((word) => word.text === "SUPPLY");

    const edited = await updatePage({
      db,
      owner,
      ...ids,
      update: {
        word_edits: [
          { index: total, text: "376.80" },
          { index: supply, text: "SUPPLIES" },
        ],
      },
    });
    const after = edited.bounding_boxes as unknown as StoredBoundingBoxes;
    expect(after.words[total]).toMatchObject({ text: "376.80", original_text: "367.80", box: boxes.words[total].box });
    expect(after.words[supply]).toMatchObject({ text: "SUPPLIES", original_text: "SUPPLY" });
    expect(edited.extracted_text).toBe("Invoice INV-2041 from ACME SUPPLIES\nTotal due 376.80 EUR");
    expect(edited.extracted_text).toBe(textFromWords(after));
    expect(after.lines.map((line) => line.text)).toEqual([
      "Invoice INV-2041 from ACME SUPPLIES",
      "Total due 376.80 EUR",
    ]);
    expect(edited.edited).toBe(true);

    // Correcting a word back to its reading drops original_text; the earlier correction stays.
    const back = await updatePage({ db, owner, ...ids, update: { word_edits: [{ index: supply, text: "SUPPLY" }] } });
    const reverted = (back.bounding_boxes as unknown as StoredBoundingBoxes).words;
    expect(reverted[supply].text).toBe("SUPPLY");
    expect(reverted[supply]).not.toHaveProperty("original_text");
    expect(reverted[total].original_text).toBe("367.80");
    expect((await words()).extracted_text).toBe("Invoice INV-2041 from ACME SUPPLY\nTotal due 376.80 EUR");

    await expect(
      updatePage({ db, owner, ...ids, update: { word_edits: [{ index: 999, text: "x" }] } }),
    ).rejects.toMatchObject({
      code: "validation_error",
    });
  });

  it("place a text sent alone on the page's words, whatever its word count, and keep it as sent", async () => {
    const { db, owner, ids } = await processedPage();
    const before = (await updatePage({ db, owner, ...ids, update: { structured_data: {} } }))
      .bounding_boxes as unknown as StoredBoundingBoxes;
    const total = before.words.findIndex((word) => word.text === "367.80");
    const due = before.words.findIndex((word) => word.text === "due");

    const text = "Invoice INV-2041 from ACME SUPPLY\nTotal amount due 376.80 EUR";
    const edited = await updatePage({ db, owner, ...ids, update: { extracted_text: text } });
    expect(edited.word_changes).toEqual({ kept: 8, changed: 1, inserted: 1, removed: 0, text_replaced: false });
    expect(edited.extracted_text).toBe(text);
    const after = edited.bounding_boxes as unknown as StoredBoundingBoxes;
    const corrected = after.words.find((word) => word.text === "376.80");
    expect(corrected).toMatchObject({ original_text: "367.80", box: before.words[total].box });
    const amount = after.words.find((word) => word.text === "amount")!;
    expect(amount.estimated).toBe(true);
    expect(amount.box.x).toBeLessThan(before.words[due].box.x);
    expect(amount.box.y).toBeCloseTo(before.words[due].box.y, 3);
    expect(after.lines.map((line) => line.text)).toEqual([
      "Invoice INV-2041 from ACME SUPPLY",
      "Total amount due 376.80 EUR",
    ]);

    // Text unrelated to the words replaces them; the words say their boxes are estimates.
    const replaced = await updatePage({ db, owner, ...ids, update: { extracted_text: "Something else entirely" } });
    expect(replaced.extracted_text).toBe("Something else entirely");
    expect(replaced.word_changes).toMatchObject({ kept: 0, text_replaced: true });
    const words = (replaced.bounding_boxes as unknown as StoredBoundingBoxes).words;
    expect(words.map((word) => word.text)).toEqual(["Something", "else", "entirely"]);
    expect(words.every((word) => word.estimated)).toBe(true);
    const kept = await getBatchResults({ db, owner, batchId: ids.batchId, query: { page_offset: 0 } });
    expect(kept.documents[0].pages[0].extracted_text).toBe("Something else entirely");
  });
});

describe("page edit bodies", () => {
  const boxes = {
    width: 612,
    height: 792,
    unit: "pt" as const,
    words: [
      { text: "Total", confidence: 1, box: { x: 0.1, y: 0.1, width: 0.1, height: 0.02 } },
      { text: "12.00", confidence: 1, box: { x: 0.3, y: 0.1, width: 0.1, height: 0.02 } },
    ],
  };

  it("accept text beside words it disagrees with (it is placed on them)", () => {
    expect(PageUpdateRequest.safeParse({ extracted_text: "Total 13.00", bounding_boxes: boxes }).success).toBe(true);
    expect(DocumentPagesUpdateRequest.safeParse([{ page_number: 1, extracted_text: "EDITED TWICE" }]).success).toBe(
      true,
    );
  });

  it("document examples the bodies accept", () => {
    for (const route of [updatePageRoute, updateDocumentPagesRoute])
      for (const [name, example] of Object.entries(route.bodyExamples))
        expect(route.body.safeParse(example.value).error, `${route.operationId} ${name}`).toBeUndefined();
  });

  it("reject word edits mixed with whole-page text or boxes, and empty bodies", () => {
    expect(
      PageUpdateRequest.safeParse({ word_edits: [{ index: 0, text: "Sum" }], extracted_text: "Sum 12.00" }).error
        ?.issues[0].path,
    ).toEqual(["word_edits"]);
    expect(PageUpdateRequest.safeParse({ word_edits: [{ index: 0, text: "  " }] }).success).toBe(false);
    expect(PageUpdateRequest.safeParse({}).success).toBe(false);
    expect(PageUpdateRequest.safeParse({ word_edits: [{ index: 0, text: "Sum" }] }).success).toBe(true);
    expect(
      PageUpdateRequest.safeParse({
        bounding_boxes: { ...boxes, words: [{ ...boxes.words[0], angle: -3.5, original_text: "Tota1" }] },
      }).success,
    ).toBe(true);
  });
});
