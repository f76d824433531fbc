import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import type { Page } from "@/lib/pages/types";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { findKeyValuePairs } from "./key-values";
import { line, ocrPage } from "../testing/synthetic-ocr-page";

afterAll(terminateOcrPool);

const pairsOf = (page: Page) => findKeyValuePairs([page]).map((pair) => [pair.key, pair.value]);

describe("labels without a colon, value typed after them on the row", () => {
  it("pairs a label in title case with a number or capitals after it, two fields on one line", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "Filter Length ~20 mm")],
      [line(0.1, 0.13, "Maker ~AMF >Plug Kind ~20 mm True plastic rod")],
      [line(0.1, 0.16, "Type of Cigarette ~85 mm Filter")],
    ]);
    expect(pairsOf(page)).toEqual([
      ["Filter Length", "20 mm"],
      ["Maker", "AMF"],
      ["Plug Kind", "20 mm True plastic rod"],
      ["Type of Cigarette", "85 mm Filter"],
    ]);
  });

  it("takes one word before a number for a table's row, not a label, unless it names a kind of value", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "KENT ~100 >BOX ~80's")],
      [line(0.1, 0.13, "Room ~43, State House")],
      [line(0.1, 0.16, "Date ~5-13-81 >Code ~#934")],
    ]);
    expect(pairsOf(page)).toEqual([
      ["Date", "5-13-81"],
      ["Code", "#934"],
    ]);
  });

  it("answers an option with the mark typed after it", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "Rhode Island >x")],
      [line(0.1, 0.13, "Tennessee >x")],
      [line(0.1, 0.16, "Texas")],
    ]);
    expect(pairsOf(page)).toEqual([
      ["Rhode Island", "x"],
      ["Tennessee", "x"],
    ]);
  });

  it("moves a month from the label into the date it opens", () => {
    const page = ocrPage([[line(0.1, 0.1, "Date Submitted ~July 6, 1995")]]);
    expect(pairsOf(page)).toEqual([["Date Submitted", "July 6, 1995"]]);
  });

  it("pairs a label in capitals with the value OCR read as a separate line beside it, continued below", () => {
    const page = ocrPage([
      [line(0.1, 0.3, "PROJECT CODE"), line(0.1, 0.35, "PROJECT OBJECTIVE")],
      [
        line(0.35, 0.3, "PM-1042"),
        line(0.35, 0.35, "To develop a nonfilter menthol cigarette"),
        line(0.35, 0.365, "delivering 21-24 mg tar."),
      ],
    ]);
    expect(pairsOf(page)).toEqual([
      ["PROJECT CODE", "PM-1042"],
      ["PROJECT OBJECTIVE", "To develop a nonfilter menthol cigarette delivering 21-24 mg tar."],
    ]);
  });

  it("takes a value beside its label whole, even when it opens with capitals like a label of its own", () => {
    const page = ocrPage([
      [line(0.1, 0.3, "PROJECT CODE"), line(0.1, 0.33, "PROJECT NAME")],
      [line(0.35, 0.3, "HL-77"), line(0.35, 0.33, "HARBOUR LIGHT Regular Blend")],
    ]);
    expect(pairsOf(page)).toEqual([
      ["PROJECT CODE", "HL-77"],
      ["PROJECT NAME", "HARBOUR LIGHT Regular Blend"],
    ]);
  });

  it("takes no pair from prose, a note in brackets or words printed like the label", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "The groups will be comprised of random smokers")],
      [line(0.1, 0.13, "Displays ~(8)")],
      [line(0.1, 0.16, "Labels ~White")],
      [line(0.1, 0.19, "March ~27, 1995")],
    ]);
    expect(pairsOf(page)).toEqual([]);
  });

  it("reads the pairs from a form scanned at 100 DPI", async () => {
    // 10-point type at 100 DPI: glyphs about 14 px high, the size of the scans this rule is for.
    const rows: Array<[string, string]> = [
      ["Batch Size", "50 lbs."],
      ["Filter Length", "20 mm"],
      ["Location", "DETROIT GRAND PRIX"],
    ];
    const text = rows
      .map(
        ([label, value], index) =>
          `<text x="60" y="${80 + index * 40}" font-family="DejaVu Sans" font-size="14">${label}</text>` +
          `<text x="240" y="${80 + index * 40}" font-family="DejaVu Serif" font-size="14">${value}</text>`,
      )
      .join("");
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="850" height="260"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
    const bytes = await sharp(Buffer.from(svg)).flatten({ background: "#fff" }).png().toBuffer();
    const { pages } = await readDocument({ bytes, fileName: "form.png", model: "docsvc-OCR-v1" });
    expect(pairsOf(pages[0])).toEqual(rows);
  }, 60_000);
});
