import mammoth from "mammoth";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { getBatchResults } from "@/lib/batches/get-batch-results";
import { sampleBatchFiles } from "@/lib/batches/testing/sample-files";
import { uploadBatch } from "@/lib/batches/upload-batch";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { renderTextImage } from "@/lib/documents/testing/render-text-image";
import { openPdf } from "@/lib/documents/pdf/load-pdf";
import { functionDefinitions } from "@/inngest/functions";
import { getExecutor, startExecutor, stopExecutor } from "@/lib/background";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { getBlobStore } from "@/lib/storage";
import { exportBatch } from "./export-batch";
import sharp from "sharp";
import { pdfToText, renderPdfPage } from "./testing/read-back";
import { sendFile } from "@/lib/http/send-file";
// The service's file as its route sends it.
const exportResponse = async (...args: Parameters<typeof exportBatch>) => sendFile(await exportBatch(...args));
let database: TestDatabase;
let owner: { userId: string };
let stranger: { userId: string };
let batchId: string;
let results: Awaited<ReturnType<typeof getBatchResults>>;

beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
  await startExecutor({ definitions: functionDefinitions });
  const db = database.db;
  owner = {
    userId: (
      await registerUser({
        db: database.db,
        email: `export-${Date.now()}@example.com`,
        password: "a sensible passphrase",
      })
    ).id,
  };
  stranger = {
    userId: (
      await registerUser({
        db: database.db,
        email: `stranger-${Date.now()}@example.com`,
        password: "a sensible passphrase",
      })
    ).id,
  };
  const upload = await uploadBatch({
    db,
    store: getBlobStore(),
    owner,
    tier: "free",
    files: await sampleBatchFiles(),
    batchName: "Quarter: März/2025",
  });
  batchId = upload.batch_id;
  await (await getExecutor()).drain({ timeoutMs: 120_000 });
  results = await getBatchResults({ db, owner, batchId, query: { page_offset: 0 } });
}, 180_000);

afterAll(async () => {
  await stopExecutor();
  await terminateOcrPool();
  await database?.dispose();
});

type Words = { words: { text: string }[] };

function scannedDocument() {
  return results.documents.find((document) => document.type === "png")!;
}

describe("export a batch", () => {
  it("makes a searchable PDF: the scan's corrected words in reading order, the digital pages copied, nothing stored changed", async () => {
    const db = database.db;
    const scan = scannedDocument();
    const page = scan.pages[0];
    const boxes = structuredClone(page.bounding_boxes) as Words & Record<string, unknown>;
    const receiptWord = boxes.words.find((word) => /7731/.test(word.text));
    expect(receiptWord, JSON.stringify(boxes.words.map((word) => word.text))).toBeDefined();
    receiptWord!.text = "7739";
    const before = await db.page.findMany({
      where: { document: { batchId } },
      orderBy: [{ documentId: "asc" }, { pageNumber: "asc" }],
    });

    const response = await exportResponse(db, getBlobStore(), {
      owner,
      batchId,
      format: "pdf",
      request: {
        mode: "searchable",
        documents: [{ document_id: scan.document_id, pages: [{ page_number: 1, bounding_boxes: boxes as never }] }],
      },
    });
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Quarter_ M.rz_2025\.pdf"; filename\*=UTF-8''Quarter_%20M%C3%A4rz_2025\.pdf$/,
    );
    // Streamed, digital pages included: no length is known before the body is sent.
    expect(response.headers.get("content-length")).toBeNull();
    const bytes = new Uint8Array(await response.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(4);
    const text = await pdfToText(bytes);
    expect(text).toContain("INV-2041");
    // pdf.js reads the digital PDF's two pages, copied as they are, first and in their order.
    const read = await openPdf(Buffer.from(bytes));
    const pageText = async (number: number) =>
      (await (await read.getPage(number)).getTextContent()).items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ");
    expect(await pageText(1)).toMatch(/Invoice Number: INV-2041[\s\S]*Total: 120\.50 EUR/);
    expect(await pageText(2)).toMatch(/Page two of the invoice[\s\S]*Date: 2025-03-14/);
    await read.loadingTask.destroy();
    expect(text).toMatch(/Receipt\s+7739[\s\S]*Amount\s+42\.00/);
    expect(text).not.toContain("7731");
    expect(text).toContain("Quarterly report");
    // The scan's image is drawn: its rendering has dark text on white, like the original.
    const rendered = await sharp(await renderPdfPage(bytes, 3))
      .greyscale()
      .stats();
    expect(rendered.channels[0].min).toBeLessThan(80);
    expect(rendered.channels[0].mean).toBeGreaterThan(200);

    const after = await db.page.findMany({
      where: { document: { batchId } },
      orderBy: [{ documentId: "asc" }, { pageNumber: "asc" }],
    });
    expect(after).toEqual(before);
  });

  it("streams a searchable PDF of scanned and office pages page by page (no digital page to copy)", async () => {
    const db = database.db;
    const scan = scannedDocument();
    const office = results.documents.find((document) => document.type === "docx")!;
    const boxes = structuredClone(scan.pages[0].bounding_boxes) as Words & Record<string, unknown>;
    boxes.words.find((word) => /7731/.test(word.text))!.text = "7739";
    const response = await exportResponse(db, getBlobStore(), {
      owner,
      batchId,
      format: "pdf",
      request: {
        mode: "searchable",
        document_ids: [scan.document_id, office.document_id],
        documents: [{ document_id: scan.document_id, pages: [{ page_number: 1, bounding_boxes: boxes as never }] }],
      },
    });
    // Streamed: no length is known before the body is sent.
    expect(response.headers.get("content-length")).toBeNull();
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(scan.pages.length + office.pages.length);
    const text = await pdfToText(bytes);
    expect(text).toMatch(/Receipt\s+7739[\s\S]*Amount\s+42\.00/);
    expect(text).not.toContain("7731");
    expect(text).toContain("Quarterly report");
    const rendered = await sharp(await renderPdfPage(bytes, 1))
      .greyscale()
      .stats();
    expect(rendered.channels[0].min).toBeLessThan(80);
    expect(rendered.channels[0].mean).toBeGreaterThan(200);
  });

  it("makes a searchable PDF of one PDF mixing a digital and a scanned page: the first copied, the second its image under the words", async () => {
    const db = database.db;
    const mixed = await PDFDocument.load(await makeTextPdf([["Digital page: Order 5512", "Net 30 days"]]));
    const scan = await mixed.embedPng(await renderTextImage(["Receipt 6604", "Amount 18.00"], { fontSize: 40 }));
    const scanned = mixed.addPage([scan.width * 0.24, scan.height * 0.24]);
    scanned.drawImage(scan, { x: 0, y: 0, width: scanned.getWidth(), height: scanned.getHeight() });
    const upload = await uploadBatch({
      db,
      store: getBlobStore(),
      owner,
      tier: "free",
      files: [new File([new Uint8Array(await mixed.save())], "mixed.pdf", { type: "application/pdf" })],
      batchName: "Mixed",
    });
    await (await getExecutor()).drain({ timeoutMs: 120_000 });
    const pages = await db.page.findMany({
      where: { document: { batchId: upload.batch_id } },
      orderBy: { pageNumber: "asc" },
    });
    expect(pages.map((page) => page.source)).toEqual(["text_layer", "ocr"]);

    const response = await exportResponse(db, getBlobStore(), {
      owner,
      batchId: upload.batch_id,
      format: "pdf",
      request: { mode: "searchable" },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const [first, second] = (await pdfToText(bytes)).split("\f");
    expect(first).toMatch(/Digital page: Order 5512\s+Net 30 days/);
    expect(second).toMatch(/Receipt\s+6604[\s\S]*Amount\s+18\.00/);
    const read = await openPdf(Buffer.from(bytes));
    expect(read.numPages).toBe(2);
    const firstItems = (await (await read.getPage(1)).getTextContent()).items;
    expect(firstItems.map((item) => ("str" in item ? item.str : "")).join(" ")).toContain("Digital page: Order 5512");
    await read.loadingTask.destroy();
    // The scanned page is drawn from its image: dark text on white.
    const rendered = await sharp(await renderPdfPage(bytes, 2))
      .greyscale()
      .stats();
    expect(rendered.channels[0].min).toBeLessThan(80);
    expect(rendered.channels[0].mean).toBeGreaterThan(200);
  });

  it("makes a report PDF and a DOCX with key-values and tables, in Arabic, Chinese and emoji, and a 60-column table", async () => {
    const db = database.db;
    const invoice = results.documents.find((document) => document.type === "pdf")!;
    const wide = [
      Array.from({ length: 60 }, (_, index) => `H${index + 1}`),
      Array.from({ length: 60 }, (_, index) => `v${index + 1}`),
    ];
    const structured = {
      key_value_pairs: [
        { key: "Invoice Number", value: "INV-2041" },
        { key: "العميل", value: "شركة النور" },
        { key: "客户", value: "上海贸易有限公司 🚀" },
      ],
      tables: [
        {
          rows: [
            ["Item", "Qty"],
            ["Widget", "3"],
          ],
        },
        { rows: wide },
      ],
    };
    const request = {
      document_ids: [invoice.document_id],
      documents: [{ document_id: invoice.document_id, pages: [{ page_number: 1, structured_data: structured }] }],
    };

    const pdf = await exportResponse(db, getBlobStore(), {
      owner,
      batchId,
      format: "pdf",
      request: { ...request, mode: "report" },
    });
    expect(pdf.headers.get("x-export-mode")).toBe("report");
    const text = await pdfToText(new Uint8Array(await pdf.arrayBuffer()));
    for (const expected of [
      "invoice.pdf",
      "Page 1",
      "Invoice Number",
      "INV-2041",
      "上海贸易有限公司",
      "Widget",
      "H1",
      "H60",
      "v60",
      "columns 57–60 of 60",
      "Page two of the invoice",
    ]) {
      expect(text).toContain(expected);
    }
    // Arabic is shaped and drawn right to left; pdftotext reads it back in logical order.
    expect(text).toContain("العميل");
    expect(text).toContain("شركة النور");
    expect(text).toContain("上海贸易有限公司 🚀");

    const docx = await exportResponse(db, getBlobStore(), { owner, batchId, format: "docx", request });
    expect(docx.headers.get("content-disposition")).toContain(".docx");
    const { value: docxText } = await mammoth.extractRawText({ buffer: Buffer.from(await docx.arrayBuffer()) });
    for (const expected of [
      "invoice.pdf",
      "INV-2041",
      "العميل",
      "شركة النور",
      "上海贸易有限公司 🚀",
      "Widget",
      "H60",
      "v60",
      "Date: 2025-03-14",
    ]) {
      expect(docxText).toContain(expected);
    }
    const { value: html } = await mammoth.convertToHtml({
      buffer: Buffer.from(
        await (await exportResponse(db, getBlobStore(), { owner, batchId, format: "docx", request })).arrayBuffer(),
      ),
    });
    expect(html).toMatch(/<h1>invoice\.pdf<\/h1>/);
    expect(html).toMatch(
      /<table>[\s\S]*<th><p><strong>Key<\/strong><\/p><\/th>[\s\S]*<td><p>客户<\/p><\/td><td><p>上海贸易有限公司 🚀<\/p><\/td>/,
    );
  });

  it("answers 404 for another user's batch and for documents not in the batch", async () => {
    const db = database.db;
    await expect(
      exportResponse(db, getBlobStore(), { owner: stranger, batchId, format: "pdf", request: {} }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      exportResponse(db, getBlobStore(), {
        owner,
        batchId,
        format: "docx",
        request: { document_ids: ["00000000-0000-4000-8000-000000000000"] },
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("exports what is read and names the pages still missing; 409 when nothing is read yet", async () => {
    const db = database.db;
    const docx = results.documents.find((document) => document.type === "docx")!;
    // As if the document were still being read: two more pages are expected than are stored.
    await db.batchDocument.update({ where: { id: docx.document_id }, data: { pagesTotal: 3, status: "processing" } });
    const response = await exportResponse(db, getBlobStore(), {
      owner,
      batchId,
      format: "pdf",
      request: { document_ids: [docx.document_id], mode: "report" },
    });
    expect(decodeURIComponent(response.headers.get("x-export-missing-pages") ?? "")).toBe(
      "report.docx page 2; report.docx page 3",
    );
    const text = await pdfToText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("Quarterly report");
    expect(text).toMatch(/Page 3\s+Not included: Not read yet/);

    const unread = await uploadBatch({
      db,
      store: getBlobStore(),
      owner,
      tier: "free",
      files: (await sampleBatchFiles()).slice(0, 1),
      skipProcessing: true,
    });
    await expect(
      exportResponse(db, getBlobStore(), { owner, batchId: unread.batch_id, format: "docx", request: {} }),
    ).rejects.toMatchObject({ code: "conflict" });
  });
});
