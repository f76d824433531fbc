import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { extractStructure } from "../extract-structure";

afterAll(terminateOcrPool);

// A ruled table drawn as an image (lines and text, as a scan would show it), with cells whose
// texts have no wide gaps between them, so only the lines can say where one cell ends.
const cells = [
  ["Item", "Qty", "Unit price"],
  ["Paper A4 box", "2", "12.50"],
  ["Blue pens", "10", "0.80"],
];

function ruledTableSvg(): Buffer {
  const columns = [100, 560, 760, 1100];
  const rows = [100, 180, 260, 340];
  const lines = [
    ...rows.map(
      (y) => `<line x1="${columns[0]}" y1="${y}" x2="${columns.at(-1)}" y2="${y}" stroke="#000" stroke-width="4"/>`,
    ),
    ...columns.map(
      (x) => `<line x1="${x}" y1="${rows[0]}" x2="${x}" y2="${rows.at(-1)}" stroke="#000" stroke-width="4"/>`,
    ),
  ];
  const texts = cells.flatMap((row, r) =>
    row.map(
      (text, c) =>
        `<text x="${columns[c] + 16}" y="${rows[r] + 54}" font-family="DejaVu Sans" font-size="36" fill="#000">${text}</text>`,
    ),
  );
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="460"><rect width="100%" height="100%" fill="#fff"/>${lines.join("")}${texts.join("")}</svg>`,
  );
}

describe("tables from ruling lines", () => {
  it("reads the cells of a ruled table in an image", async () => {
    const png = await sharp(ruledTableSvg())
      .flatten({ background: "#fff" })
      .png()
      .withMetadata({ density: 300 })
      .toBuffer();
    const { pages } = await readDocument({ bytes: png });
    expect(pages[0].rulings?.horizontal.length).toBeGreaterThanOrEqual(4);
    expect(pages[0].rulings?.vertical.length).toBeGreaterThanOrEqual(4);
    const { tables } = extractStructure({ pages });
    expect(tables).toHaveLength(1);
    expect(tables[0].rows).toEqual(cells);
  });
});
