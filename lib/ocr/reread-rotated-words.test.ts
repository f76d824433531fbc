import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { characterErrorRate, proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import { recognizeImage } from "./recognize-image";
import { terminateOcrPool } from "./tesseract-pool";

afterAll(terminateOcrPool);

describe("numbered lines", () => {
  it("reads a column of line numbers down the margin with the lines they number", async () => {
    // tesseract's layout analysis reads such a column as one word of rotated text ("ODNDUBRWNH").
    const lines = proseLines(30, 95, 7).map((line, index) => `${index + 1}. ${line}`);
    const png = await sharp(textSvg(lines, { width: 2550, fontSize: 38, margin: 150 }))
      .resize(2550, 3300, { fit: "contain", position: "top", background: "#fff" })
      .flatten({ background: "#fff" })
      .png()
      .toBuffer();
    const result = await recognizeImage(png, { density: 300 });
    const tall = result.words.filter(
      (word) => word.text.length >= 2 && word.box.height * result.height > 2 * word.box.width * result.width,
    );
    expect(tall.map((word) => word.text)).toEqual([]);
    expect(result.text.split("\n")[0]).toMatch(/^1\. /);
    // 4.4% before the re-read, when the column came back as rotated words; 0.9% now (another page of
    // numbered prose: 1.1%, the numbers sometimes joined to the word beside them or lost).
    expect(characterErrorRate(lines.join("\n"), result.text)).toBeLessThan(0.015);
  });
});
