import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readDocument } from "../read-document";
import { makeDocx, makePptx, makeXlsx } from "../testing/make-office-files";
import type { Page } from "@/lib/pages/types";
import { findSoffice } from "./convert-with-libreoffice";

// Office pages printed by LibreOffice: the page image and the word boxes come from the same PDF,
// so every word's box must cover dark pixels of the image (checked on the image itself, not on the
// boxes' own source), and the native reading's tables still reach the page.

const hasLibreOffice = Boolean(findSoffice());

/** Share of words whose box, on the page image, holds ink. */
async function wordsOnInk(page: Page): Promise<number> {
  const { data, info } = await sharp(page.image!).greyscale().raw().toBuffer({ resolveWithObject: true });
  let inked = 0;
  for (const word of page.words) {
    const left = Math.floor(word.box.x * info.width);
    const top = Math.floor(word.box.y * info.height);
    const right = Math.ceil((word.box.x + word.box.width) * info.width);
    const bottom = Math.ceil((word.box.y + word.box.height) * info.height);
    let dark = 0;
    for (let y = top; y < bottom; y++)
      for (let x = left; x < right; x++) if (data[(y * info.width + x) * info.channels] < 128) dark++;
    // A word's ink fills a good part of its box; a box a line off holds none.
    if (dark >= (right - left) * (bottom - top) * 0.05) inked++;
  }
  return inked / page.words.length;
}

describe.runIf(hasLibreOffice)("office files through LibreOffice's PDF", () => {
  it("a DOCX page has an image with every word box on its words, and keeps its table", async () => {
    const docx = await makeDocx({
      heading: "Quarterly Report",
      paragraphs: ["Revenue grew by twelve percent in the third quarter of the year."],
      table: [
        ["Item", "Amount"],
        ["Paper", "12.50"],
      ],
    });
    const { pages } = await readDocument({ bytes: docx, renderImages: true });
    expect(pages[0].source).toBe("office");
    expect(pages[0].image).toBeInstanceOf(Buffer);
    expect(pages[0].words.length).toBeGreaterThan(10);
    expect(await wordsOnInk(pages[0])).toBe(1);
    expect(pages[0].tables?.[0].rows).toEqual([
      ["Item", "Amount"],
      ["Paper", "12.50"],
    ]);
  });

  it("XLSX and PPTX pages too", async () => {
    for (const bytes of [
      await makeXlsx({
        Summary: [
          ["Invoice", 4821],
          ["Total", 96.4],
          ["Customer", "Northwind Traders"],
        ],
      }),
      await makePptx([{ title: "Roadmap for next year", body: ["Ship the viewer", "Measure every box"] }]),
    ]) {
      const { pages } = await readDocument({ bytes, renderImages: true });
      expect(pages[0].image).toBeInstanceOf(Buffer);
      expect(pages[0].words.length).toBeGreaterThan(3);
      expect(await wordsOnInk(pages[0])).toBe(1);
    }
  });

  it("stacks the pages LibreOffice prints beyond the counted ones onto them, boxes still on the ink", async () => {
    const rows = Array.from({ length: 160 }, (_, index) => [`Item ${index + 1}`, index * 3.5, `Note ${index}`]);
    const xlsx = await makeXlsx({ Long: rows, Short: [["Total", 42]] });
    const native = await readDocument({ bytes: xlsx });
    expect(native.pages).toHaveLength(2);
    const { pages } = await readDocument({ bytes: xlsx, renderImages: true });
    // The same two pages as counted at upload, each with an image; the long sheet is several printed pages tall.
    expect(pages.map((page) => [page.pageNumber, Boolean(page.image)])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(pages[0].source).toBe("office");
    const { width, height } = await sharp(pages[0].image!).metadata();
    expect(height! / width!).toBeGreaterThan(2.5);
    expect(pages[0].text).toContain("Item 160");
    expect(pages[0].text).not.toContain("Total");
    expect(pages[1].text).toContain("Total");
    expect(await wordsOnInk(pages[0])).toBe(1);
    expect(await wordsOnInk(pages[1])).toBe(1);
    const lastItem = pages[0].words.findIndex((word) => word.text === "160");
    expect(pages[0].words[lastItem].box.y).toBeGreaterThan(0.6);
  });

  it("gives the printed pages, images and boxes, when LibreOffice prints fewer pages than were counted", async () => {
    // 120 one-line paragraphs in 7 pt: the native reading lays them out in 10 pt with spacing (four
    // pages counted), LibreOffice prints them as set (two pages).
    const paragraphs = Array.from(
      { length: 120 },
      (_, index) => `Entry ${index + 1} delivered to warehouse ${index % 7}`,
    );
    const docx = await makeDocx({ heading: "Delivery Log", paragraphs, bodySize: 7 });
    const native = await readDocument({ bytes: docx });
    const { pages } = await readDocument({ bytes: docx, renderImages: true });
    expect(native.pages.length).toBeGreaterThan(pages.length);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages.map((page) => page.pageNumber)).toEqual(pages.map((_, index) => index + 1));
    for (const page of pages) {
      expect(page.source).toBe("office");
      expect(page.image).toBeInstanceOf(Buffer);
      expect(await wordsOnInk(page)).toBe(1);
    }
    // Every entry is on a printed page, in order.
    const text = pages.map((page) => page.text).join("\n");
    for (const entry of [1, 60, 120]) expect(text).toContain(`Entry ${entry} delivered`);
    expect(text.indexOf("Entry 120 ")).toBeGreaterThan(text.indexOf("Entry 60 "));
  });

  it("reads natively (no image, no LibreOffice run) when no page image is wanted", async () => {
    const { pages } = await readDocument({ bytes: await makeXlsx({ Summary: [["Invoice", 4821]] }) });
    expect(pages[0].image).toBeUndefined();
    expect(pages[0].sheetName).toBe("Summary");
  });
});
