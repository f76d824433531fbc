import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { findSoffice } from "@/lib/documents/office/convert-with-libreoffice";
import { makeDocx } from "@/lib/documents/testing/make-office-files";
import { functionDefinitions } from "@/inngest/functions";
import { getExecutor, startExecutor, stopExecutor } from "@/lib/background";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { getBlobStore } from "@/lib/storage";
import { getTokenBalance } from "@/lib/usage/get-token-balance";
import { getBatchResults } from "../get-batch-results";
import { getBatchStatus } from "../get-batch-status";
import { startBatchProcessing } from "../start-batch-processing";
import { uploadBatch } from "../upload-batch";

// An office file LibreOffice prints on fewer pages than the native reading counted at upload: the
// document becomes the printed pages (each with its image and boxes), is charged for those alone,
// and its status and progress count them, also when an earlier run left rows for the counted pages.

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

describe.runIf(Boolean(findSoffice()))("an office file printed on fewer pages than counted", () => {
  it("gets the printed pages with images, is charged for them once, and completes", async () => {
    const db = database.db;
    const user = await registerUser({
      db,
      email: `fewer-${Date.now()}@example.com`,
      password: "a sensible passphrase",
    });
    const owner = { userId: user.id };
    // 7 pt lines without spacing: four pages as counted natively (10 pt with spacing), two printed.
    const paragraphs = Array.from(
      { length: 120 },
      (_, index) => `Entry ${index + 1} delivered to warehouse ${index % 7}`,
    );
    const docx = await makeDocx({ heading: "Delivery Log", paragraphs, bodySize: 7 });
    const upload = await uploadBatch({
      db,
      store: getBlobStore(),
      owner,
      tier: "free",
      files: [new File([new Uint8Array(docx)], "log.docx")],
      skipProcessing: true,
    });
    const counted = upload.documents[0].page_count!;
    const documentId = upload.documents[0].document_id;
    // Rows an earlier failed run would have left for every counted page.
    await db.page.createMany({
      data: Array.from({ length: counted }, (_, index) => ({
        documentId,
        pageNumber: index + 1,
        status: "failed",
        error: "worker lost",
      })),
    });
    await startBatchProcessing({ db, owner, batchId: upload.batch_id });
    await (await getExecutor()).drain({ timeoutMs: 120_000 });

    const results = await getBatchResults({ db, owner, batchId: upload.batch_id, query: { page_offset: 0 } });
    const pages = results.documents[0].pages;
    expect(pages.length).toBeLessThan(counted);
    expect(pages.map((page) => [page.page_number, page.status])).toEqual(
      pages.map((_, index) => [index + 1, "completed"]),
    );
    const words = pages.map((page) => (page.bounding_boxes as { words: unknown[] }).words.length);
    for (const page of pages) expect(page.image_url).toMatch(/\/pages\/\d+\.png\?token=/);
    // Every word of every entry has its box: 6 words a line, and the heading's two.
    expect(words.reduce((sum, count) => sum + count, 0)).toBe(120 * 6 + 2);
    expect(pages.map((page) => page.extracted_text).join("\n")).toContain("Entry 120 delivered");
    expect(await getBatchStatus({ db, owner, batchId: upload.batch_id })).toMatchObject({
      status: "completed",
      pages_total: pages.length,
      pages_done: pages.length,
      progress: 100,
    });
    const charges = await db.usageEvent.findMany({ where: { documentId } });
    expect(charges).toHaveLength(pages.length);
    expect(new Set(charges.map((charge) => charge.chargeKey)).size).toBe(pages.length);
    // What was reserved for the pages not printed is no longer held.
    expect((await getTokenBalance({ db, userId: user.id })).reserved).toBe(0);
  });
});
