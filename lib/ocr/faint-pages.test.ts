import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { recognizeImage } from "./recognize-image";
import { terminateOcrPool } from "./tesseract-pool";

afterAll(terminateOcrPool);

const lines = ["99 SPEED MART S/B", "LOT 33198, BATU 4", "JALAN KAPAR, KLANG", "TOTAL SALES RM 82.80"];

/** Faint grey print on white under a dark band along the top, as a photographed receipt shows its background. */
function faintReceipt(): Buffer {
  const text = lines
    .map(
      (line, index) =>
        `<text x="40" y="${120 + index * 60}" font-family="DejaVu Sans Mono" font-size="34" fill="#b0b0b0">${line}</text>`,
    )
    .join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="420"><rect width="100%" height="100%" fill="#fff"/><rect width="800" height="40" fill="#000"/>${text}</svg>`,
  );
}

describe("faint pages", () => {
  it("reads faint print that one threshold for the whole page loses beside a dark edge", async () => {
    const image = await sharp(faintReceipt()).greyscale().withMetadata({ density: 300 }).png().toBuffer();
    const read = await recognizeImage(image, { density: 300 });
    const text = read.text.replace(/\s+/g, " ");
    for (const line of lines) expect(text).toContain(line);
  }, 120_000);
});
