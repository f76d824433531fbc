import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { PSM } from "tesseract.js";
import type { OcrRecogniser } from "@/lib/models";
import { resetConfigForTests } from "@/lib/config";
import { OcrTimeoutError, ocrPoolSize, recognizeTsvWithPool, terminateOcrPool } from "./tesseract-pool";

afterAll(terminateOcrPool);

function lineImage(text: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="90"><rect width="100%" height="100%" fill="#fff"/><text x="20" y="62" font-family="DejaVu Sans" font-size="44" fill="#000">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).greyscale().png().toBuffer();
}

function wordsOf(tsv: string): string {
  // TSV level 5 rows are words; the text is the last column.
  return tsv
    .split("\n")
    .filter((row) => row.startsWith("5\t"))
    .map((row) => row.split("\t").at(-1))
    .join(" ");
}

describe("tesseract pool", () => {
  it("reads with both recognisers when more jobs than slots arrive at once", async () => {
    const image = await lineImage("Invoice 4821 due 14 March");
    const params = { tessedit_pageseg_mode: PSM.SINGLE_LINE };
    const recognisers = Array.from({ length: ocrPoolSize() * 3 }, (_, index): OcrRecogniser =>
      index % 2 === 0 ? "fast" : "best",
    );
    const results = await Promise.all(
      recognisers.map(async (recogniser) => wordsOf(await recognizeTsvWithPool({ image, params, recogniser }))),
    );
    expect(results).toEqual(recognisers.map(() => "Invoice 4821 due 14 March"));
  });

  it("stops a page that overruns its time, fails only that page, and reads the next one with a fresh worker", async () => {
    const page = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="3000"><rect width="100%" height="100%" fill="#fff"/>${Array.from({ length: 60 }, (_, line) => `<text x="80" y="${60 + line * 48}" font-family="DejaVu Sans" font-size="36">Line ${line} of a page that takes a while to read in full</text>`).join("")}</svg>`,
      ),
    )
      .greyscale()
      .png()
      .toBuffer();
    process.env.OCR_PAGE_TIMEOUT_SECONDS = "0.05";
    resetConfigForTests();
    try {
      const overrun = recognizeTsvWithPool({ image: page });
      await expect(overrun).rejects.toBeInstanceOf(OcrTimeoutError);
      await expect(overrun).rejects.toMatchObject({
        code: "ocr_failed",
        message: expect.stringContaining("longer than 0.05 s"),
      });
    } finally {
      delete process.env.OCR_PAGE_TIMEOUT_SECONDS;
      resetConfigForTests();
    }
    const image = await lineImage("Invoice 4821 due 14 March");
    expect(wordsOf(await recognizeTsvWithPool({ image, params: { tessedit_pageseg_mode: PSM.SINGLE_LINE } }))).toBe(
      "Invoice 4821 due 14 March",
    );
  });
});
