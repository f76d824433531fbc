import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { bearer, createApiKey, createUser, type TestUser } from "./accounts";

// Helpers for the /v1 suites. Rate limits are per API key (Free: 10 requests a minute), so every
// test makes its own user and key, and tests that need many requests make a second key to poll with.

export interface V1Account {
  user: TestUser;
  key: string;
  keyId: string;
  headers: Record<string, string>;
}

export async function createV1Account(request: APIRequestContext): Promise<V1Account> {
  const user = await createUser(request);
  const { key, keyId } = await createApiKey(request, user.token, "v1 e2e");
  return { user, key, keyId, headers: bearer(key) };
}

/** Another key of the same user: its own rate-limit budget, the same jobs, tokens and usage. */
export async function secondKey(request: APIRequestContext, account: V1Account): Promise<Record<string, string>> {
  return bearer((await createApiKey(request, account.user.token, "v1 e2e poller")).key);
}

export const INVOICE_LINES = [
  "ACME Corporation",
  "Invoice Number: INV-2042",
  "Invoice Date: 14 March 2025",
  "Customer: Jane Roe",
  "Total: 1,250.00",
];

/** A digital PDF with a text layer: page 1 is the invoice, later pages numbered filler text. */
export async function textPdf(pageCount: number, firstPage: string[] = INVOICE_LINES): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pageCount; index++) {
    const page = document.addPage([612, 792]);
    const lines =
      index === 0
        ? firstPage
        : [`Page ${index + 1} of the terms and conditions.`, "Payment is due within thirty days of the invoice date."];
    lines.forEach((line, row) => page.drawText(line, { x: 72, y: 720 - row * 20, size: 12, font }));
  }
  return Buffer.from(await document.save());
}

/** Blank pages: no text layer, so every page is rendered and OCR'd (slow on purpose). */
export async function blankPdf(pageCount: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let index = 0; index < pageCount; index++) document.addPage([612, 792]);
  return Buffer.from(await document.save());
}

export function pdfPart(buffer: Buffer, name = "invoice.pdf") {
  return { name, mimeType: "application/pdf", buffer };
}

/** A multipart body with the same part name repeated (several files). */
export function formWithFiles(
  name: string,
  files: Array<{ name: string; buffer: Buffer }>,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const file of files)
    form.append(name, new File([new Uint8Array(file.buffer)], file.name, { type: "application/pdf" }));
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  return form;
}

export async function postExtract(
  request: APIRequestContext,
  headers: Record<string, string>,
  multipart: Record<string, string | ReturnType<typeof pdfPart>> | FormData,
): Promise<APIResponse> {
  return request.post("/v1/extract", { headers, multipart });
}

/** Polls GET /v1/jobs/{id} until the job leaves processing; returns the final job. */
export async function waitForJob(
  request: APIRequestContext,
  headers: Record<string, string>,
  jobId: string,
  timeoutMs = 45_000,
): Promise<Record<string, unknown>> {
  let job: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        const response = await request.get(`/v1/jobs/${jobId}`, { headers });
        expect(response.status()).toBe(200);
        job = await response.json();
        return job.status;
      },
      { timeout: timeoutMs, intervals: [500, 1000, 2000] },
    )
    .not.toBe("processing");
  return job;
}

export async function errorOf(response: APIResponse): Promise<{ code: string; message: string }> {
  const body = await response.json();
  return body.error;
}
