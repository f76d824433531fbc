import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/pages/types";
import { findKeyValuePairs } from "./key-values";
import { line, ocrPage } from "../testing/synthetic-ocr-page";

// Values in columns under their labels, as scanned forms lay them out: a row of labels over
// rows of values (OCR reading each column as lines of its own), rows of labelled boxes by turns
// with their values, and one heading in capitals over a value typed under it.

const pairsOf = (page: Page) => findKeyValuePairs([page]).map((pair) => [pair.key, pair.value]);

describe("values in columns under their labels", () => {
  it("shares the rows under a row of labels between them, joining a value wrapped over two lines", () => {
    const page = ocrPage([
      [line(0.3, 0.4, "Firm: >Phone No.:")],
      [line(0.7, 0.4, "Fax No.:")],
      [line(0.3, 0.43, "Green & Hart"), line(0.3, 0.443, "Shipping Ltd."), line(0.3, 0.48, "Blue Fin Partners")],
      [line(0.468, 0.43, "(555) 010-2030"), line(0.468, 0.48, "(555) 010-4455")],
      [line(0.7, 0.43, "(555) 010-2031"), line(0.7, 0.48, "(555) 010-4456")],
    ]);
    expect(pairsOf(page)).toEqual([
      ["Firm", "Green & Hart Shipping Ltd."],
      ["Firm", "Blue Fin Partners"],
      ["Phone No.", "(555) 010-2030"],
      ["Phone No.", "(555) 010-4455"],
      ["Fax No.", "(555) 010-2031"],
      ["Fax No.", "(555) 010-4456"],
    ]);
  });

  it("pairs a lone label with an evenly spaced list under it", () => {
    const page = ocrPage([
      [
        line(0.5, 0.3, "Fax No.:"),
        line(0.5, 0.33, "(555) 010-1001"),
        line(0.5, 0.36, "(555) 010-1002"),
        line(0.5, 0.39, "(555) 010-1003"),
      ],
    ]);
    expect(pairsOf(page)).toEqual([
      ["Fax No.", "(555) 010-1001"],
      ["Fax No.", "(555) 010-1002"],
      ["Fax No.", "(555) 010-1003"],
    ]);
  });

  it("takes a numbered list under a label for the options the form prints, not for its values", () => {
    const page = ocrPage([
      [line(0.5, 0.3, "REQUEST TYPE:")],
      [
        line(0.5, 0.33, "2. Maintenance - fix program error, new business need"),
        line(0.5, 0.36, "3. Special Processing - high volume file"),
        line(0.5, 0.39, "5. Emergency - application failure"),
      ],
    ]);
    expect(pairsOf(page)).toEqual([["REQUEST TYPE", ""]]);
  });

  it("pairs rows of labels without colons with the values right under them", () => {
    // Two rows of labelled boxes, each label over its value; OCR reads the two columns apart.
    const page = ocrPage([
      [
        line(0.3, 0.2, "Sender Voice Number"),
        line(0.3, 0.214, "555-0147"),
        line(0.3, 0.228, "Sender Fax Number"),
        line(0.3, 0.242, "555-0148"),
      ],
      [
        line(0.6, 0.2, "Call if pages are missing"),
        line(0.6, 0.214, "555-0199"),
        line(0.6, 0.228, "Reference"),
        line(0.6, 0.242, "AB-2231"),
      ],
    ]);
    const pairs = pairsOf(page);
    expect(pairs).toHaveLength(4);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ["Sender Voice Number", "555-0147"],
        ["Call if pages are missing", "555-0199"],
        ["Sender Fax Number", "555-0148"],
        ["Reference", "AB-2231"],
      ]),
    );
  });

  it("pairs a heading in capitals alone on its row with the typed value under it", () => {
    const page = ocrPage([
      [line(0.1, 0.3, "SECTION TO BE CORRECTED (PAGE AND LINE)"), line(0.14, 0.315, "Page 3, line 12")],
    ]);
    expect(pairsOf(page)).toEqual([["SECTION TO BE CORRECTED (PAGE AND LINE)", "Page 3, line 12"]]);
  });

  it("takes a heading in capitals centred on the page for a title over its subtitle, not for a label", () => {
    const page = ocrPage([[line(0.412, 0.05, "QUARTERLY SALES REVIEW"), line(0.42, 0.065, "Prepared for the board")]]);
    expect(pairsOf(page)).toEqual([]);
    const atLeft = ocrPage([[line(0.1, 0.05, "QUARTERLY SALES REVIEW"), line(0.1, 0.065, "Prepared for the board")]]);
    expect(pairsOf(atLeft)).toEqual([["QUARTERLY SALES REVIEW", "Prepared for the board"]]);
  });

  it("leaves a header row over columns three values deep to the table, OCR reading each column apart", () => {
    const column = (x: number, heading: string, values: string[]) => [
      line(x, 0.3, heading),
      ...values.map((value, row) => line(x, 0.318 + row * 0.018, value)),
    ];
    const page = ocrPage([
      column(0.1, "Stores Called On", ["542", "475", "4199"]),
      column(0.4, "With Distribution", ["365", "346", "371"]),
    ]);
    expect(pairsOf(page)).toEqual([]);
    // One row of values under the same headings is a form's boxes.
    const form = ocrPage([column(0.1, "Stores Called On", ["542"]), column(0.4, "With Distribution", ["365"])]);
    expect(pairsOf(form)).toEqual([
      ["Stores Called On", "542"],
      ["With Distribution", "365"],
    ]);
  });

  it("leaves a table's rows to the table and printed text under a heading alone", () => {
    const page = ocrPage([
      [
        ["Description", "Qty", "Price"],
        ["Paper A4", "10", "4.50"],
        ["Toner black", "2", "61.00"],
        ["Stapler", "1", "12.99"],
      ].map((cells, row) => cells.flatMap((cell, column) => line([0.1, 0.4, 0.55][column], 0.1 + row * 0.015, cell))),
      [line(0.1, 0.3, "GENERAL CONDITIONS"), line(0.1, 0.315, "SEE THE BACK OF THIS FORM")],
    ]);
    expect(pairsOf(page)).toEqual([]);
  });
});
