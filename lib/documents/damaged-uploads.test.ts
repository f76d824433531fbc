import { describe, expect, it } from "vitest";
import { inspectDocument } from "./inspect-document";
import { loopingPageTreePdf, miscountedZeroPagePdf, pngWithGarbledPixels } from "./testing/make-hostile-files";
import { makeTextPdf } from "./testing/make-pdfs";
import { renderTextImage } from "./testing/render-text-image";

// Uploads are inspected before anything is stored or read: a file that cannot be read at all is
// refused there (a 4xx naming the file), never accepted to fail, or be retried, once it is read.

// Both ways uploads inspect: keeping the bytes (the /v1 endpoints) and handing them to the reader (batch upload).
const inspections = [false, true].map((handOver) => ({ handOver, label: handOver ? "handed over" : "kept" }));

describe("a picture whose header is sound and whose pixels are not", () => {
  it("is refused as corrupt_document (422) naming the file when its pixel data is garbled", async () => {
    await expect(inspectDocument(pngWithGarbledPixels(), { fileName: "garbled.png" })).rejects.toMatchObject({
      code: "corrupt_document",
      status: 422,
      message: "garbled.png: The image is damaged: its pixels cannot be decoded",
    });
  });

  it("is refused when its pixel data is cut off", async () => {
    const png = await renderTextImage(["Receipt 7731"], { fontSize: 32 });
    const cut = png.subarray(0, Math.floor(png.length / 2));
    await expect(inspectDocument(cut, { fileName: "cut.png" })).rejects.toMatchObject({
      code: "corrupt_document",
      message: expect.stringMatching(/^cut\.png: .*cannot be decoded/),
    });
    // The whole picture is still accepted: the check is not refusing every PNG.
    expect((await inspectDocument(png, { fileName: "whole.png" })).pageCount).toBe(1);
  });
});

describe("a PDF whose page tree loops", () => {
  for (const through of ["self", "child"] as const) {
    for (const { handOver, label } of inspections) {
      it(`is refused as corrupt_document naming the file (back through ${through}, bytes ${label})`, async () => {
        const refusal = inspectDocument(loopingPageTreePdf(through), { fileName: "loop.pdf", handOver });
        await expect(refusal).rejects.toMatchObject({
          code: "corrupt_document",
          status: 422,
          message: expect.stringMatching(/^loop\.pdf: The PDF is damaged: page 2 of 2 cannot be found \(.*circular/),
        });
      });
    }
  }

  it("while the same PDF without the loop is a readable one-page file", async () => {
    expect((await inspectDocument(await makeTextPdf([["Invoice 12"]]), { fileName: "fine.pdf" })).pageCount).toBe(1);
  });
});

describe("a PDF whose page tree counts a page it does not have", () => {
  it("is refused as empty_document when its bytes are kept", async () => {
    await expect(inspectDocument(miscountedZeroPagePdf(), { fileName: "none.pdf" })).rejects.toMatchObject({
      code: "empty_document",
      message: "none.pdf has no pages",
    });
  });

  it("is refused as corrupt_document, not a failure of the server, when its bytes are handed over", async () => {
    const refusal = inspectDocument(miscountedZeroPagePdf(), { fileName: "none.pdf", handOver: true });
    await expect(refusal).rejects.toMatchObject({
      code: "corrupt_document",
      message: expect.stringMatching(/^none\.pdf: The PDF is damaged: page 1 of 1 cannot be found/),
    });
  });
});
