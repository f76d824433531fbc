import { describe, expect, it } from "vitest";
import { makeTextPdf } from "../testing/make-pdfs";
import { countPdfPages } from "./read-pdf";

/** A Buffer over memory of its own, as `Buffer.from(await file.arrayBuffer())` gives. */
const ownBuffer = (bytes: Uint8Array) => Buffer.from(new Uint8Array(bytes).buffer);

describe("opening a PDF with its bytes handed over", () => {
  it("lets pdfjs take the memory of bytes handed over, and copies them otherwise", async () => {
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
});
