import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { assembleLayout } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import { rereadAmountRows } from "./reread-amount-rows";
import { terminateOcrPool } from "./tesseract-pool";

afterAll(terminateOcrPool);

// A receipt's foot rendered with its amounts far right of their labels, and the layout tesseract
// gives when it drops that column: the labels' words only (their boxes as drawn).

const [width, height, fontSize] = [1200, 400, 40];
const rows: Array<[label: string, amount: string]> = [
  ["Cashier: Amy", ""],
  ["Subtotal :", "88.20"],
  ["TOTAL :", "93.00"],
];
const rowY = (index: number) => 80 + index * 100;

async function footImage(drawn = rows): Promise<{ grey: Buffer; width: number; height: number }> {
  const text = drawn
    .map(
      ([label, amount], index) =>
        `<text x="40" y="${rowY(index)}" font-family="DejaVu Sans" font-size="${fontSize}">${label}</text>` +
        (amount
          ? `<text x="900" y="${rowY(index)}" font-family="DejaVu Sans" font-size="${fontSize}">${amount}</text>`
          : ""),
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  const grey = await sharp(Buffer.from(svg)).flatten({ background: "#fff" }).greyscale().raw().toBuffer();
  return { grey, width, height };
}

/** The label's words where they were drawn (about 0.6 of the font size per character). */
function labelWords(label: string, index: number): Word[] {
  let x = 40;
  return label.split(" ").map((text) => {
    const word = {
      text,
      confidence: 0.9,
      box: {
        x: x / width,
        y: (rowY(index) - fontSize * 0.75) / height,
        width: (text.length * fontSize * 0.6) / width,
        height: fontSize / height,
      },
    };
    x += (text.length + 1) * fontSize * 0.6;
    return word;
  });
}

describe("rereadAmountRows", () => {
  it("reads the amounts tesseract dropped beside lone money labels, and leaves other lines as they were", async () => {
    const layout = assembleLayout([rows.map(([label], index) => labelWords(label, index))]);
    const reread = await rereadAmountRows(layout, await footImage(), "fast");
    expect(reread.lines.map((line) => line.text)).toEqual(["Cashier: Amy", "Subtotal : 88.20", "TOTAL : 93.00"]);
    const amount = reread.words.find((word) => word.text === "93.00")!;
    // Boxes come back in the page's coordinates, beside the label.
    expect(amount.box.x).toBeGreaterThan(0.7);
    expect(Math.abs(amount.box.y - reread.lines[2].box.y)).toBeLessThan(0.1);
  });

  it("reads nothing again when the amounts were read", async () => {
    const layout = assembleLayout([
      rows.map(([label, amount], index) => [
        ...labelWords(label, index),
        ...(amount
          ? [
              {
                text: amount,
                confidence: 0.9,
                box: { x: 0.75, y: (rowY(index) - 30) / height, width: 0.1, height: 0.1 },
              },
            ]
          : []),
      ]),
    ]);
    expect(await rereadAmountRows(layout, await footImage(), "fast")).toBe(layout);
  });

  it("takes a sentence that mentions a total for prose, not a label: an amount far right of it stays apart", async () => {
    const sentence: Array<[string, string]> = [["we pay a total due to you in a day", "12.50"]];
    const layout = assembleLayout([[labelWords(sentence[0][0], 0)]]);
    expect(await rereadAmountRows(layout, await footImage(sentence), "fast")).toBe(layout);
  });
});
