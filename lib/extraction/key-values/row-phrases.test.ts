import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import type { Word } from "@/lib/pages/types";
import { findKeyValuePairs } from "./key-values";
import { line, lineHeight, ocrPage } from "../testing/synthetic-ocr-page";

const pairsOf = (blocks: Word[][][], rules: Array<{ position: number; start: number; end: number }> = []) =>
  findKeyValuePairs([{ ...ocrPage(blocks), rulings: { horizontal: rules, vertical: [] } }]).map(({ key, value }) => [
    key,
    value,
  ]);

/** The fill-in rule under a line's words from `start` to `end` (0–1 of the page width). */
const ruleUnder = (y: number, start: number, end: number) => ({ position: y + lineHeight * 1.1, start, end });

describe("labels without a colon before a value on a fill-in rule", () => {
  it("pairs a label with the value OCR read after the rule's underscores, and strips the leaders", () => {
    expect(pairsOf([[line(0.1, 0.1, "Maker ____ AMF")], [line(0.1, 0.2, "Length--- 85 mm")]])).toEqual([
      ["Maker", "AMF"],
      ["Length", "85 mm"],
    ]);
  });

  it("pairs a label with the value written on a ruling line, two fields on one line", () => {
    const y = 0.3;
    const words = line(0.1, y, "Received by ~Mark Ahearn >Time ~3:45 P.M.");
    const mark = words.find((word) => word.text === "Mark")!.box.x;
    const ahearnEnd = words.find((word) => word.text === "Ahearn")!;
    const time = words.find((word) => word.text === "3:45")!.box.x;
    const rules = [
      ruleUnder(y, mark - 0.01, ahearnEnd.box.x + ahearnEnd.box.width + 0.05),
      ruleUnder(y, time - 0.01, time + 0.15),
    ];
    expect(pairsOf([[words]], rules)).toEqual([
      ["Received by", "Mark Ahearn"],
      ["Time", "3:45 P.M."],
    ]);
  });

  it("pairs a label with the value typed a word space after it where the fill-in rule starts", () => {
    const rows = ["Work Requested by Marketing", "Deadline for response Already handled", "Weight To be determined"];
    const lines = rows.map((text, row) => line(0.1, 0.2 + row * 0.03, text));
    // Each rule starts in the space after the label's last word and runs on under the typed value.
    const labelEnds = [2, 2, 0];
    const rules = lines.map((words, row) => {
      const last = words[labelEnds[row]].box;
      return ruleUnder(0.2 + row * 0.03, last.x + last.width + 0.002, 0.6);
    });
    expect(pairsOf([lines], rules)).toEqual([
      ["Work Requested by", "Marketing"],
      ["Deadline for response", "Already handled"],
      ["Weight", "To be determined"],
    ]);
    // Typewriter spacing wider than a word space inside the label, and a rule drawn from a little
    // before the label's last letter, still make one label before the typed value.
    const spaced = line(0.1, 0.4, "Deadline for response Already handled").map((word, index) => ({
      ...word,
      box: { ...word.box, x: word.box.x + Math.min(index, 2) * 0.008 },
    }));
    const response = spaced[2].box;
    expect(pairsOf([[spaced]], [ruleUnder(0.4, response.x + response.width - 0.006, 0.6)])).toEqual([
      ["Deadline for response", "Already handled"],
    ]);
    // A rule under the whole line, or one starting inside a word, is no fill-in rule after a label.
    const under = [ruleUnder(0.2, 0.09, 0.6), ruleUnder(0.23, lines[1][1].box.x + 0.012, 0.6)];
    expect(pairsOf([lines.slice(0, 2)], under)).toEqual([]);
  });

  it("keeps a value on a fill-in rule whole when it goes on on the line under it", () => {
    const words = line(0.1, 0.3, "Project Objective ~To develop a filter for pipe tobacco");
    const value = words[2].box.x;
    const below = line(value, 0.316, "that reduces the vapour phase.");
    expect(pairsOf([[words, below]], [ruleUnder(0.3, value - 0.01, 0.7)])).toEqual([
      ["Project Objective", "To develop a filter for pipe tobacco that reduces the vapour phase."],
    ]);
  });

  it("pairs the fields of form rows that line up like a table's when their values sit on rules", () => {
    // Each row: label, value on its rule, then a second label and value a column apart.
    const rows = [
      ["Maker ~AMF >Kind ~True rod", 1, 1],
      ["Length ~85 mm >Process ~Wet", 2, 1],
      ["Paper ~554 >Weight ~0.9 g", 1, 2],
    ] as const;
    const blocks = rows.map(([text], index) => [line(0.1, 0.1 + index * 0.03, text)]);
    const rules = blocks.flatMap(([words], index) => {
      const [, first, second] = rows[index];
      const values = [words.slice(1, 1 + first), words.slice(2 + first, 2 + first + second)];
      return values.map((value) =>
        ruleUnder(words[0].box.y, value[0].box.x - 0.005, value.at(-1)!.box.x + value.at(-1)!.box.width + 0.02),
      );
    });
    expect(pairsOf(blocks, rules)).toEqual([
      ["Maker", "AMF"],
      ["Kind", "True rod"],
      ["Length", "85 mm"],
      ["Process", "Wet"],
      ["Paper", "554"],
      ["Weight", "0.9 g"],
    ]);
  });

  it("reads ruled values before taking a row of labels for headings over the row below", () => {
    const top = line(0.1, 0.1, "Maker ~AMF >Kind ~True rod");
    const under = line(0.1, 0.114, "Length ~85 mm >Process ~Wet");
    const rules = [
      ruleUnder(0.1, top[1].box.x - 0.005, top[1].box.x + 0.05),
      ruleUnder(0.1, top[3].box.x - 0.005, top[4].box.x + 0.05),
      ruleUnder(0.114, under[1].box.x - 0.005, under[2].box.x + 0.05),
      ruleUnder(0.114, under[4].box.x - 0.005, under[4].box.x + 0.05),
    ];
    expect(pairsOf([[top, under]], rules)).toEqual([
      ["Maker", "AMF"],
      ["Kind", "True rod"],
      ["Length", "85 mm"],
      ["Process", "Wet"],
    ]);
  });

  it("leaves headings a wide gap apart, and a line ruled under its label as much as its value, unpaired", () => {
    const y = 0.5;
    const ruled = line(0.1, y, "Department ~Corporate Affairs");
    expect(pairsOf([[line(0.1, 0.4, "Cartons >Shipping")], [ruled]], [ruleUnder(y, 0.09, 0.6)])).toEqual([]);
  });

  it("takes a heading or two in capitals on a rule after a label in capitals for the next label, not a value", () => {
    const y = 0.4;
    const words = line(0.1, y, "DESCRIPTION ~PRICE >DEPT. NO. ~9590 >APPROVED ~BY");
    const start = (text: string) => words.find((word) => word.text === text)!.box.x;
    const rules = ["PRICE", "9590", "BY"].map((text) => ruleUnder(y, start(text) - 0.01, start(text) + 0.1));
    expect(pairsOf([[words]], rules)).toEqual([["DEPT. NO.", "9590"]]);
  });

  it("leaves a blank form's row of labels unpaired, and capitals after capitals with no number", () => {
    expect(pairsOf([[line(0.1, 0.3, "FOLLOW UP DATE >REQUISITION NO. >ISSUED BY")]])).toEqual([]);
    expect(pairsOf([[line(0.1, 0.3, "PAGE NUMBER(S) >WERE MISSING")]])).toEqual([]);
    expect(pairsOf([[line(0.1, 0.3, "Brand Name >OLD GOLD STRAIGHT")]])).toEqual([["Brand Name", "OLD GOLD STRAIGHT"]]);
  });
});

/** A form of "Label ____value____" fields, typed and rasterised at 100 DPI as an office scanner would. */
async function scannedForm(): Promise<Buffer> {
  const fields: Array<[string, string, number]> = [
    ["Publication", "Weekly Herald", 60],
    ["Reporter", "Fran Brock", 100],
    ["Deadline", "Already handled", 140],
  ];
  const rows = fields
    .map(
      ([label, value, y]) =>
        `<text x="20" y="${y}" font-family="DejaVu Sans Mono" font-size="13">${label}</text>` +
        `<line x1="140" y1="${y + 3}" x2="420" y2="${y + 3}" stroke="#000" stroke-width="1"/>` +
        `<text x="160" y="${y}" font-family="DejaVu Sans Mono" font-size="13">${value}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="100%" height="100%" fill="#fff"/>${rows}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: "#fff" }).withMetadata({ density: 100 }).png().toBuffer();
}

describe("a generated form scanned at 100 DPI", () => {
  it("reads each label's value from its fill-in rule", async () => {
    const { pages } = await readDocument({ bytes: await scannedForm(), model: "docsvc-OCR-v1" });
    const pairs = Object.fromEntries(findKeyValuePairs(pages).map(({ key, value }) => [key, value]));
    expect(pairs).toEqual({ Publication: "Weekly Herald", Reporter: "Fran Brock", Deadline: "Already handled" });
  });
});
