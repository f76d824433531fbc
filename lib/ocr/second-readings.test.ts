import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { textSvg } from "@/lib/documents/testing/render-text-image";
import { recognizeImage } from "./recognize-image";
import { terminateOcrPool } from "./tesseract-pool";

afterAll(terminateOcrPool);

const lines = ["Account Code 4821", "Date: 14 March 1990", "Signed by the branch manager"];

async function secondReadingsOf(image: Buffer): Promise<number[]> {
  const reported: number[] = [];
  await recognizeImage(image, { onSecondReadings: (ms) => reported.push(ms) });
  return reported;
}

describe("second readings", () => {
  it("reports their time once a page: the sparse reading of a low-resolution form takes some", async () => {
    // Small text with no density in the file: the page is enlarged to be read, so it counts as low resolution.
    const lowResolution = await sharp(textSvg(lines, { fontSize: 13, margin: 30 }))
      .flatten({ background: "#fff" })
      .greyscale()
      .png()
      .toBuffer();
    const reported = await secondReadingsOf(lowResolution);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeGreaterThan(0);
  }, 120_000);

  it("reports a time for a clean 300-DPI page too, even when nothing is read again", async () => {
    const clean = await sharp(textSvg(lines, { fontSize: 50 }))
      .flatten({ background: "#fff" })
      .withMetadata({ density: 300 })
      .png()
      .toBuffer();
    const reported = await secondReadingsOf(clean);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeGreaterThanOrEqual(0);
  }, 120_000);
});
