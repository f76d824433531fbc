import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
import { makeDocx } from "../../lib/documents/testing/make-office-files";
import { makeTextPdf } from "../../lib/documents/testing/make-pdfs";
import { renderTextImage } from "../../lib/documents/testing/render-text-image";

// Helpers of the batch, OCR and guest suites. Inputs are generated and tiny so OCR stays fast.

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export async function digitalPdf(
  pages: string[][] = [
    ["Invoice Number: INV-2041", "Total: 120.50 EUR"],
    ["Page two", "Date: 2025-03-14"],
  ],
): Promise<UploadFile> {
  return { name: "invoice.pdf", mimeType: "application/pdf", buffer: await makeTextPdf(pages) };
}

/** A "scanned" page: text rendered to PNG with sharp from SVG, so only OCR can read it. */
export async function scannedPng(lines = ["Receipt 7731", "Amount 42.00"]): Promise<UploadFile> {
  return { name: "scan.png", mimeType: "image/png", buffer: await renderTextImage(lines, { fontSize: 40 }) };
}

export async function wordDocx(): Promise<UploadFile> {
  const buffer = await makeDocx({
    heading: "Quarterly report",
    paragraphs: ["Revenue grew in every region."],
    table: [
      ["Region", "Sales"],
      ["North", "100"],
    ],
  });
  return { name: "report.docx", mimeType: "application/octet-stream", buffer };
}

export async function uploadBatch(
  request: APIRequestContext,
  options: {
    headers?: Record<string, string>;
    files: UploadFile[];
    batchName?: string;
    skipProcessing?: boolean;
    guestSessionId?: string;
  },
) {
  const multipart: Record<string, string | UploadFile> = {};
  if (options.batchName) multipart.batch_name = options.batchName;
  if (options.skipProcessing) multipart.skip_processing = "true";
  if (options.guestSessionId) multipart.guest_session_id = options.guestSessionId;
  // Playwright's multipart option takes one value per name; a FormData carries repeated "files".
  const form = new FormData();
  for (const [name, value] of Object.entries(multipart)) form.append(name, value as string);
  for (const file of options.files)
    form.append("files", new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  return request.post("/api/batch/upload", { headers: options.headers, multipart: form });
}

/** Polls the batch status until it leaves queued/processing; returns the final status body. */
export async function waitForBatch(
  request: APIRequestContext,
  batchId: string,
  headers: Record<string, string>,
  timeout = 60_000,
) {
  let body: { status: string; documents: Array<{ status: string; error: string | null }> } | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/batch/status/${batchId}`, { headers });
        expect(response.status()).toBe(200);
        body = await response.json();
        return body!.status;
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .not.toMatch(/^(uploaded|queued|processing)$/);
  return body!;
}

/**
 * The test server's blob directory holding this batch (DATA_DIR is a fresh docsvc-e2e-* folder per
 * run; the batch id is unique, so the folder that holds it is the server's local blob store,
 * lib/storage/local-blob-store.ts: objects/{key}). Undefined when no such folder exists.
 */
export function findBatchBlobDir(batchId: string): string | undefined {
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith("docsvc-e2e-")) continue;
    const candidate = path.join(tmpdir(), entry, "blobs", "objects", "batches", batchId);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Takes a document's stored original away from the test server's blob folder, so reading it fails
 * ("missing from storage"), as an injected failure; answers a function that puts it back.
 */
export function hideStoredOriginal(batchId: string, documentId: string, extension: string): { restore: () => void } {
  const blobDir = findBatchBlobDir(batchId);
  expect(blobDir, "the test server keeps blobs on local disk").toBeDefined();
  const original = path.join(blobDir!, documentId, `original.${extension}`);
  const bytes = readFileSync(original);
  rmSync(original);
  return { restore: () => writeFileSync(original, bytes) };
}

/** Overwrites the stored original with bytes that are not a readable file of its type. */
export function corruptStoredOriginal(batchId: string, documentId: string, extension: string): void {
  const blobDir = findBatchBlobDir(batchId);
  expect(blobDir, "the test server keeps blobs on local disk").toBeDefined();
  writeFileSync(path.join(blobDir!, documentId, `original.${extension}`), "%PDF-1.7\nthis is not a PDF body");
}

export function guestHeaders(): Record<string, string> {
  const n = Math.floor(Math.random() * 65_536);
  return { "x-forwarded-for": `203.0.${n >> 8}.${n & 255}` };
}
