import { describe, expect, it } from "vitest";
import { resolveModel } from "@/lib/models";
import { DocumentError } from "@/lib/errors/document-error";
import { convertWithLibreOffice, findSoffice } from "./office/convert-with-libreoffice";
import { inspectDocument } from "./inspect-document";
import { openStoredImages } from "./pdf/stored-scan-image";
import { readDocument } from "./read-document";
import { compressedBombPng } from "./testing/encode-images";
import { makeDocx, makeXlsx } from "./testing/make-office-files";
import { makeTextPdf } from "./testing/make-pdfs";

async function failure(promise: Promise<unknown>): Promise<DocumentError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
}

const hasLibreOffice = Boolean(findSoffice());

describe("bad input", () => {
  it("refuses an empty file", async () => {
    expect((await failure(readDocument({ bytes: Buffer.alloc(0) }))).code).toBe("empty_document");
  });

  it("answers 415 for bytes of no supported type", async () => {
    const error = await failure(readDocument({ bytes: Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff, 0x00, 0x10]) }));
    expect(error).toMatchObject({ code: "unsupported_format", status: 415 });
    expect(error.message).toContain("pdf");
  });

  it("refuses a corrupt or truncated PDF with a 4xx", async () => {
    const pdf = await makeTextPdf([["hello"]]);
    const error = await failure(readDocument({ bytes: pdf.subarray(0, 200) }));
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.status).toBeLessThan(500);
  });

  it("refuses a decompression bomb from its header, before decoding", async () => {
    const bomb = compressedBombPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    const error = await failure(readDocument({ bytes: bomb }));
    // The size comes from the header: decoding 900 megapixels would not end in this refusal.
    expect(error).toMatchObject({ code: "image_too_large", status: 413 });
    expect(error.message).toContain("30000×30000 pixels");
  });

  it("refuses a page too large to render when the upload is inspected, not when it is read", async () => {
    const { PDFDocument } = await import("pdf-lib");
    const document = await PDFDocument.create();
    document.addPage([612, 792]);
    document.addPage([14_400, 14_400]);
    const error = await failure(inspectDocument(Buffer.from(await document.save())));
    expect(error).toMatchObject({ code: "image_too_large", status: 413 });
    expect(error.message).toContain("Page 2 is 14,400 × 14,400 pt (200 × 200 in)");
    // The largest page that still renders at 72 DPI within the pixel budget is accepted.
    const large = await PDFDocument.create();
    large.addPage([7_700, 7_700]);
    expect((await inspectDocument(Buffer.from(await large.save()))).pageCount).toBe(1);
  });

  it("enforces the page limit before reading pages", async () => {
    const pdf = await makeTextPdf([["one"], ["two"], ["three"]]);
    expect((await inspectDocument(pdf)).pageCount).toBe(3);
    expect((await failure(readDocument({ bytes: pdf, maxPages: 2 }))).code).toBe("too_many_pages");
  });

  it("refuses a corrupt office file", async () => {
    const docx = await makeDocx({ heading: "x", paragraphs: ["y"] });
    const broken = Buffer.concat([docx.subarray(0, 40), Buffer.alloc(100)]);
    expect((await failure(readDocument({ bytes: broken }))).status).toBeLessThan(500);
    expect((await makeXlsx({ a: [["b"]] })).length).toBeGreaterThan(0);
  });

  it("reads text-layer pages with the model it was given and charges per page", async () => {
    const pdf = await makeTextPdf([["Invoice number 12 with enough text"], ["Second page with enough text"]]);
    const result = await readDocument({ bytes: pdf, model: "docsvc-OCR-XL-v1" });
    expect(result.model).toBe("docsvc-OCR-XL-v1-2025-02");
    expect(result.tokens).toBe(2 * resolveModel("docsvc-OCR-XL-v1").tokensPerPage);
    await expect(readDocument({ bytes: pdf, model: "docsvc-fill-v1" })).rejects.toMatchObject({
      code: "invalid_model",
      status: 400,
    });
  });
});

describe.skipIf(!hasLibreOffice)("encrypted PDFs", () => {
  async function encryptedPdf(options: { openPassword?: string; permissionPassword: string }): Promise<Buffer> {
    const filter = {
      EncryptFile: { type: "boolean", value: "true" },
      ...(options.openPassword ? { DocumentOpenPassword: { type: "string", value: options.openPassword } } : {}),
      RestrictPermissions: { type: "boolean", value: "true" },
      PermissionPassword: { type: "string", value: options.permissionPassword },
    };
    const docx = await makeDocx({ heading: "Secret", paragraphs: ["Account number 5512 is confidential"] });
    return convertWithLibreOffice(docx, {
      inputExtension: "docx",
      target: `pdf:writer_pdf_Export:${JSON.stringify(filter)}`,
      formatName: "DOCX",
    });
  }

  it("opens a PDF with only an owner password, and needs the user password otherwise", async () => {
    const [ownerOnly, locked] = await Promise.all([
      encryptedPdf({ permissionPassword: "owner" }),
      encryptedPdf({ openPassword: "open-sesame", permissionPassword: "owner" }),
    ]);
    expect(ownerOnly.includes(Buffer.from("/Encrypt"))).toBe(true);
    // pdf-lib cannot decrypt, so scans of an encrypted file are left to pdfjs.
    expect(await openStoredImages(ownerOnly)).toBeUndefined();
    expect((await readDocument({ bytes: ownerOnly })).pages[0].text).toContain("5512");
    expect(await failure(readDocument({ bytes: locked }))).toMatchObject({ code: "password_required", status: 400 });
    expect((await failure(readDocument({ bytes: locked, password: "wrong" }))).code).toBe("invalid_password");
    expect((await readDocument({ bytes: locked, password: "open-sesame" })).pages[0].text).toContain("5512");
  }, 120_000);
});
