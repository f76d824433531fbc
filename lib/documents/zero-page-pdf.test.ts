import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { makeTextPdf } from "./testing/make-pdfs";
import { inspectDocument } from "./inspect-document";

// Uploads are inspected before they are accepted: a PDF of zero pages is refused, naming the file.

describe("a PDF of zero pages", () => {
  it("is refused as empty_document (400) naming the file, not counted as one page", async () => {
    const empty = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
    await expect(inspectDocument(empty, { fileName: "empty.pdf" })).rejects.toMatchObject({
      code: "empty_document",
      status: 400,
      message: "empty.pdf has no pages",
    });
  });

  it("while a one-page PDF still counts as one page", async () => {
    expect((await inspectDocument(await makeTextPdf([["One page"]]), { fileName: "one.pdf" })).pageCount).toBe(1);
  });
});
