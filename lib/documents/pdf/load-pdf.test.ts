import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { makeImagePdf, makeTextPdf } from "../testing/make-pdfs";
import { loadPdfjs, openPdf } from "./load-pdf";
import { scannedPageImage } from "./scanned-page-image";
import { countPdfPages } from "./read-pdf";

/** A Buffer over memory of its own, as `Buffer.from(await file.arrayBuffer())` gives. */
const ownBuffer = (bytes: Uint8Array) => Buffer.from(new Uint8Array(bytes).buffer);

describe("what pdfjs is given of a PDF's bytes", () => {
  it("lets pdfjs take the memory of bytes handed over, and leaves kept bytes as they are", async () => {
    const pdf = await makeTextPdf([["first page"], ["second page"]]);
    const handed = ownBuffer(pdf);
    expect(await countPdfPages(handed, { handOver: true })).toBe(2);
    expect(handed.length).toBe(0);

    const kept = ownBuffer(pdf);
    expect(await countPdfPages(kept)).toBe(2);
    expect(kept.equals(pdf)).toBe(true);
  });

  it("copies bytes that share their memory with other buffers even when handed over", async () => {
    const pdf = await makeTextPdf([["only page"]]);
    const shared = Buffer.alloc(pdf.length + 16);
    const inside = shared.subarray(8, 8 + pdf.length);
    pdf.copy(inside);
    expect(await countPdfPages(inside, { handOver: true })).toBe(1);
    expect(shared.length).toBe(pdf.length + 16);
    expect(inside.equals(pdf)).toBe(true);
  });

  it("serves kept bytes to pdfjs in the ranges it reads: a scan's pages without their image streams", async () => {
    const noise = await sharp(randomBytes(500 * 700), { raw: { width: 500, height: 700, channels: 1 } })
      .png()
      .toBuffer();
    const pdf = await makeImagePdf([noise, noise, noise, noise]);
    const kept = Buffer.from(pdf);
    const pdfjs = await loadPdfjs();
    const onDataRange = pdfjs.PDFDataRangeTransport.prototype.onDataRange;
    let served = 0;
    pdfjs.PDFDataRangeTransport.prototype.onDataRange = function (begin: number, chunk: Uint8Array) {
      served += chunk.length;
      return onDataRange.call(this, begin, chunk);
    };
    try {
      const document = await openPdf(pdf);
      try {
        for (let number = 1; number <= document.numPages; number++) {
          const page = await document.getPage(number);
          await page.getAnnotations();
          expect(page.view).toEqual([0, 0, 120, 168]);
        }
        expect(served).toBeLessThan(pdf.length / 4);
        // Reading a page's image takes its stream, in full.
        const image = await scannedPageImage(await document.getPage(1));
        expect([image?.width, image?.height]).toEqual([500, 700]);
        expect(served).toBeGreaterThan((500 * 700) / 4);
      } finally {
        await document.loadingTask.destroy();
      }
    } finally {
      pdfjs.PDFDataRangeTransport.prototype.onDataRange = onDataRange;
    }
    // pdfjs was served copies: the caller's bytes are as they were.
    expect(pdf.equals(kept)).toBe(true);
  });
});
