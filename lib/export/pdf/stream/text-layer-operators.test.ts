import { describe, expect, it } from "vitest";
import { openPdf } from "@/lib/documents/pdf/load-pdf";
import { turnedRectangle } from "@/lib/documents/word-corners";
import type { ExportPage } from "../../export-types";
import { pdfToText } from "../../testing/read-back";
import { StreamedPdf } from "./streamed-pdf";
import { textLayerOperators } from "./text-layer-operators";

const [pageWidth, pageHeight] = [600, 800];

/** A word of `length` × `thickness` points centred at (cx, cy), turned clockwise by `angle`, as OCR stores it. */
function turnedWord(text: string, cx: number, cy: number, length: number, thickness: number, angle: number) {
  const radians = (angle * Math.PI) / 180;
  const halfWidth = (Math.abs(Math.cos(radians)) * length + Math.abs(Math.sin(radians)) * thickness) / 2;
  const halfHeight = (Math.abs(Math.sin(radians)) * length + Math.abs(Math.cos(radians)) * thickness) / 2;
  return {
    text,
    angle,
    box: {
      x: (cx - halfWidth) / pageWidth,
      y: (cy - halfHeight) / pageHeight,
      width: (2 * halfWidth) / pageWidth,
      height: (2 * halfHeight) / pageHeight,
    },
  };
}

/** The page's text layer alone as a streamed PDF. */
async function draw(page: ExportPage): Promise<Uint8Array> {
  const pdf = await StreamedPdf.create("Text layer");
  const size = { width: pageWidth, height: pageHeight };
  pdf.addPage(size, textLayerOperators(page, size, pdf.fonts, { invisible: true }));
  return Buffer.concat([...pdf.drain(), ...(await pdf.finish())]);
}

describe("the searchable PDF's text layer", () => {
  it("draws a turned word along its turn, inside its box, and an upright one level", async () => {
    // A skewed scan's few degrees, and a steep turn.
    const skewed = turnedWord("Skewed", 300, 200, 120, 24, 4);
    const tilted = turnedWord("Tilted", 300, 400, 120, 24, 30);
    const level = {
      text: "Level",
      box: { x: 100 / pageWidth, y: 600 / pageHeight, width: 80 / pageWidth, height: 20 / pageHeight },
    };
    const page: ExportPage = {
      pageNumber: 1,
      status: "completed",
      error: null,
      text: "Skewed Tilted Level",
      words: [skewed, tilted, level],
      lines: [
        { box: skewed.box, firstWord: 0, wordCount: 1 },
        { box: tilted.box, firstWord: 1, wordCount: 1 },
        { box: level.box, firstWord: 2, wordCount: 1 },
      ],
      width: pageWidth,
      height: pageHeight,
      unit: "pt",
      imageKey: null,
      source: "ocr",
      edited: false,
      keyValues: [],
      tables: [],
    };
    const bytes = await draw(page);

    // poppler reads a word skewed by a few degrees whole (a steep one it cuts into pieces along the tilt).
    expect(await pdfToText(bytes)).toMatch(/Skewed[\s\S]*Level/);
    // pdf.js, an independent reader: each text run's matrix gives its direction and origin.
    const read = await openPdf(Buffer.from(bytes));
    const items = (await (await read.getPage(1)).getTextContent()).items.flatMap((item) =>
      "str" in item && item.str.trim() ? [{ text: item.str, transform: item.transform as number[] }] : [],
    );
    const run = (text: string) => items.find((item) => item.text === text)!.transform;
    const direction = (transform: number[]) => (Math.atan2(transform[1], transform[0]) * 180) / Math.PI;
    expect(direction(run("Skewed"))).toBeCloseTo(-4, 1);
    expect(direction(run("Tilted"))).toBeCloseTo(-30, 1);
    expect(direction(run("Level"))).toBeCloseTo(0, 5);
    // The turned run starts at the left end of the word's turned rectangle, near its bottom edge.
    const [x, yUp] = [run("Tilted")[4], run("Tilted")[5]];
    const [left, , , bottomLeft] = turnedRectangle(tilted.box, 30, pageWidth, pageHeight).corners;
    const start = { x: (left[0] + bottomLeft[0]) / 2, y: (left[1] + bottomLeft[1]) / 2 };
    expect(Math.hypot(x - start.x * pageWidth, pageHeight - yUp - start.y * pageHeight)).toBeLessThan(24);
    await read.cleanup();
  });

  it("reads upright lines whole and skewed ones in order, even when their words are far apart for their height", async () => {
    // A scanned invoice's header as OCR boxes it: words about a letter height apart, lines close together.
    const rows = [
      ["ACME", "SUPPLY", "CO."],
      ["Invoice", "Number:", "INV-2041"],
      ["Bill", "To:", "Jane", "Roe"],
    ];
    for (const angle of [0, 3]) {
      const words: ExportPage["words"] = [];
      const lines: ExportPage["lines"] = [];
      rows.forEach((row, rowIndex) => {
        const firstWord = words.length;
        let left = 60;
        row.forEach((text) => {
          const length = text.length * 6;
          const cx = left + length / 2;
          left += length + 8;
          // A skewed scan's line drops as it goes right.
          const cy = 60 + rowIndex * 14 + Math.tan((angle * Math.PI) / 180) * (cx - 60);
          words.push(angle ? turnedWord(text, cx, cy, length, 8, angle) : turnedWord(text, cx, cy, length, 8, 0));
        });
        const boxes = words.slice(firstWord).map((word) => word.box);
        const x = Math.min(...boxes.map((box) => box.x));
        const y = Math.min(...boxes.map((box) => box.y));
        lines.push({
          box: {
            x,
            y,
            width: Math.max(...boxes.map((box) => box.x + box.width)) - x,
            height: Math.max(...boxes.map((box) => box.y + box.height)) - y,
          },
          firstWord,
          wordCount: row.length,
        });
      });
      const page: ExportPage = {
        pageNumber: 1,
        status: "completed",
        error: null,
        text: rows.map((row) => row.join(" ")).join("\n"),
        words: angle ? words : words.map(({ text, box }) => ({ text, box })),
        lines,
        width: pageWidth,
        height: pageHeight,
        unit: "pt",
        imageKey: null,
        source: "ocr",
        edited: false,
        keyValues: [],
        tables: [],
      };
      const text = await pdfToText(await draw(page));
      if (angle === 0) {
        const readLines = text
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean);
        expect(readLines).toEqual(rows.map((row) => row.join(" ")));
      } else {
        // poppler reads a slanted line's glyphs on their own baselines and may break it into pieces, but in order.
        expect(text.replace(/\s+/g, "")).toBe(rows.flat().join(""));
      }
    }
  });
});
