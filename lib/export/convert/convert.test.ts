import { parseString } from "@fast-csv/parse";
import { DOMParser } from "@xmldom/xmldom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { registerUser } from "@/lib/auth/register-user";
import { updatePage } from "@/lib/batches/update-page";
import { uploadBatch } from "@/lib/batches/upload-batch";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { functionDefinitions } from "@/inngest/functions";
import { getExecutor, startExecutor, stopExecutor } from "@/lib/background";
import { getOcrDocument } from "@/lib/ocr-api/get-ocr-document";
import { getBlobStore } from "@/lib/storage";
import { convertBatch } from "./convert-batch";
import { CONVERT_ALL_FORMATS, convertDocument } from "./convert-document";

let database: TestDatabase;
let owner: { userId: string };
let stranger: { userId: string };
let documentId: string;
let batchId: string;

const table = [
  ["Item", "Note", "Price"],
  ["Widget | large", 'says "hi", twice', "3.50"],
  ["上海 🚀", "line one\nline two", "-2"],
];

beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
  await startExecutor({ definitions: functionDefinitions });
  const db = database.db;
  owner = {
    userId: (
      await registerUser({
        db: database.db,
        email: `convert-${Date.now()}@example.com`,
        password: "a sensible passphrase",
      })
    ).id,
  };
  stranger = {
    userId: (
      await registerUser({
        db: database.db,
        email: `other-${Date.now()}@example.com`,
        password: "a sensible passphrase",
      })
    ).id,
  };
  const pdf = await makeTextPdf([["Invoice Number: INV-2041", "Total: 120.50 EUR"], ["Second page"]]);
  const upload = await uploadBatch({
    db,
    store: getBlobStore(),
    owner,
    tier: "free",
    files: [new File([new Uint8Array(pdf)], "invoice.pdf")],
  });
  documentId = upload.documents[0].document_id;
  batchId = upload.batch_id;
  await (await getExecutor()).drain({ timeoutMs: 60_000 });
  // A person's edit: a table with separators, quotes, line breaks and non-Latin text.
  await updatePage({
    db,
    owner,
    batchId: upload.batch_id,
    documentId,
    pageNumber: 2,
    update: { structured_data: { key_value_pairs: [{ key: "العميل", value: "شركة" }], tables: [{ rows: table }] } },
  });
}, 120_000);

afterAll(async () => {
  await stopExecutor();
  await database?.dispose();
});

function failOnXmlError(message: string): never {
  throw new Error(`XML does not parse: ${message}`);
}

function parseCsv(text: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString(text, { ignoreEmpty: false })
      .on("data", (row: string[]) => rows.push(row))
      .on("error", reject)
      .on("end", () => resolve(rows));
  });
}

describe("convert a document", () => {
  it("renders every format from the stored document, readable by independent readers, and saves them into its metadata", async () => {
    const db = database.db;
    const result = await convertDocument(db, {
      owner,
      documentId,
      formats: [...CONVERT_ALL_FORMATS],
      now: new Date("2026-01-02T03:04:05Z"),
    });
    const json = JSON.parse(result.outputs.json!.content);
    expect(json.pages.map((page: { page_number: number }) => page.page_number)).toEqual([1, 2]);
    expect(json.fields).toMatchObject({ "Invoice Number": "INV-2041", العميل: "شركة" });
    expect(json.tables).toEqual([{ page: 2, rows: table }]);

    expect(parseYaml(result.outputs.yaml!.content)).toEqual(json);

    const xml = new DOMParser({
      errorHandler: { warning: () => undefined, error: failOnXmlError, fatalError: failOnXmlError },
    }).parseFromString(result.outputs.xml!.content, "text/xml");
    expect(xml.documentElement?.nodeName).toBe("document");
    const cells = Array.from(xml.getElementsByTagName("cell")).map((cell) => cell.textContent);
    expect(cells).toEqual(expect.arrayContaining(["Widget | large", 'says "hi", twice', "上海 🚀"]));

    const csv = await parseCsv(result.outputs.csv!.content);
    const tableStart = csv.findIndex((row) => row[0] === "table 1");
    expect(csv[0]).toEqual(["field", "value"]);
    expect(csv.slice(tableStart + 1, tableStart + 1 + table.length)).toEqual(json.tables[0].rows);

    const markdown = result.outputs.markdown!.content;
    expect(markdown).toContain("## Page 2");
    expect(markdown).toContain('| Widget \\| large | says "hi", twice | 3.50 |');
    expect(markdown).toContain("| 上海 🚀 | line one<br>line two | -2 |");
    expect(result.outputs.text!.content).toMatch(/=== Page 1 ===\nInvoice Number: INV-2041/);

    const shown = await getOcrDocument({ db, userId: owner.userId, documentId });
    expect(Object.keys(shown.conversions).sort()).toEqual([...CONVERT_ALL_FORMATS].sort());
    expect(shown.conversions.yaml).toMatchObject({
      format: "yaml",
      generated_at: "2026-01-02T03:04:05.000Z",
      file_name: "invoice.yaml",
    });

    // A later single conversion replaces its own format and keeps the others.
    await convertDocument(db, { owner, documentId, formats: ["markdown"], now: new Date("2026-02-01T00:00:00Z") });
    const again = await getOcrDocument({ db, userId: owner.userId, documentId });
    expect(again.conversions.markdown.generated_at).toBe("2026-02-01T00:00:00.000Z");
    expect(again.conversions.csv.generated_at).toBe("2026-01-02T03:04:05.000Z");
  });

  it("answers 404 for another user's document and 409 for one with no page read yet", async () => {
    const db = database.db;
    await expect(convertDocument(db, { owner: stranger, documentId, formats: ["xml"] })).rejects.toMatchObject({
      code: "not_found",
    });
    const pdf = await makeTextPdf([["Unread"]]);
    const upload = await uploadBatch({
      db,
      store: getBlobStore(),
      owner,
      tier: "free",
      files: [new File([new Uint8Array(pdf)], "later.pdf")],
      skipProcessing: true,
    });
    await expect(
      convertDocument(db, { owner, documentId: upload.documents[0].document_id, formats: ["text"] }),
    ).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("convert a whole batch", () => {
  it("puts every read document in one JSON, CSV and Markdown file, and answers 404 to another user", async () => {
    const db = database.db;
    const json = await convertBatch(db, { owner, batchId, format: "json" });
    const parsed = JSON.parse(json.content) as { batch_id: string; documents: Array<{ file_name: string }> };
    expect(parsed.batch_id).toBe(batchId);
    expect(parsed.documents.map((document) => document.file_name)).toEqual(["invoice.pdf"]);
    expect(json).toMatchObject({ documents: 1, skipped: [], content_type: "application/json; charset=utf-8" });

    const csv = await convertBatch(db, { owner, batchId, format: "csv" });
    expect(csv.content.startsWith("document,invoice.pdf\r\nfield,value\r\n")).toBe(true);
    expect(csv.content).toContain("INV-2041");

    const markdown = await convertBatch(db, { owner, batchId, format: "markdown" });
    expect(markdown.content).toMatch(/^# Batch [0-9a-f]{8}\n\n## invoice\.pdf\n/);
    expect(markdown.content).toContain("### Page 2");

    await expect(convertBatch(db, { owner: stranger, batchId, format: "json" })).rejects.toMatchObject({ status: 404 });
  });
});
