import { describe, expect, it } from "vitest";
import { DocumentError } from "@/lib/errors/document-error";
import { inspectDocument } from "../inspect-document";
import { readDocument } from "../read-document";
import { inflatingPdf } from "../testing/make-hostile-files";
import { makeImagePdf, makeTextPdf } from "../testing/make-pdfs";
import { renderTextImage } from "../testing/render-text-image";
import { assertPdfStreamsBounded, MAX_PDF_STREAM_BYTES } from "./check-pdf-streams";

async function failure(promise: Promise<unknown>): Promise<DocumentError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
}

describe("PDF streams that inflate without end", () => {
  it("refuses a 4 KB PDF whose content stream inflates to 2 GB at upload, before pdfjs decodes it", async () => {
    const bomb = inflatingPdf(2048);
    expect(bomb.length).toBeLessThan(8 * 1024);
    const error = await failure(inspectDocument(bomb));
    expect(error).toMatchObject({ code: "document_too_large", status: 413 });
    expect(error.message).toBe(
      "The PDF's stream in object 4 inflates to more than 128 MB, the most one content, font or object stream may hold",
    );
    expect((await failure(readDocument({ bytes: bomb }))).code).toBe("document_too_large");
  });

  it("refuses an object stream that inflates past the limit", async () => {
    expect(() => assertPdfStreamsBounded(inflatingPdf(512, { inObjectStream: true }))).toThrow(
      "The PDF's stream in object 5 inflates to more than 128 MB",
    );
  });

  it("refuses many streams whose sum passes the total limit", () => {
    // Nine streams of 120 MB each: every one is under the per-stream limit, together they are over the total.
    expect(120 * 1024 * 1024).toBeLessThan(MAX_PDF_STREAM_BYTES);
    const one = inflatingPdf(120, { layers: 1 });
    expect(() => assertPdfStreamsBounded(one)).not.toThrow();
    expect(() => assertPdfStreamsBounded(Buffer.concat(Array.from({ length: 9 }, () => one)))).toThrow(
      "more than 1024 MB together",
    );
  });

  it("opens an ordinary PDF whose streams inflate within the limits, text and scans alike", async () => {
    const text = await makeTextPdf([["Invoice 12"], ["Page two"]]);
    expect((await inspectDocument(text)).pageCount).toBe(2);
    const scan = await makeImagePdf([await renderTextImage(["Receipt 7731"], { fontSize: 32 })]);
    expect(() => assertPdfStreamsBounded(scan)).not.toThrow();
    expect((await inspectDocument(inflatingPdf(16))).pageCount).toBe(1);
  });
});
