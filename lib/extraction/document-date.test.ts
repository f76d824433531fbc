import { describe, expect, it } from "vitest";
import type { Word } from "@/lib/documents/types";
import { extractStructure } from "./extract-structure";
import { line, ocrPage } from "./testing/synthetic-ocr-page";

// A receipt's date where no label names it, and a labelled date before any other.

const receipt = (...rows: string[]): Word[][][] => [rows.map((row, index) => line(0.1, 0.1 + index * 0.02, row))];
const fieldsOf = (rows: string[], schema: Array<{ name: string; type: "date" | "number" | "string" }>) =>
  extractStructure({ pages: [ocrPage(receipt(...rows))], schema });

describe("the document's date", () => {
  it("takes the unlabelled date printed beside the time, not an invoice number with a slash", () => {
    const structure = fieldsOf(
      ["BLUE HERON CAFE", "Invoice # 12/345", "29 Mar 2018 18:15", "Latte >4.50", "TOTAL >4.50"],
      [{ name: "date", type: "date" }],
    );
    expect(structure.fields).toEqual({ date: "2018-03-29" });
    const detail = structure.fieldDetails![0];
    expect(detail).toMatchObject({ typedValue: "2018-03-29", page: 1, words: ["29", "Mar", "2018"] });
    expect(detail.box!.y).toBeCloseTo(0.14, 6);
    expect(detail.confidence).toBeGreaterThan(0);
  });

  it("reads the date formats receipts print", () => {
    const dateOf = (row: string) =>
      fieldsOf(["SHOP", row], [{ name: "transaction_date", type: "date" }]).fields!.transaction_date;
    expect(dateOf("25/12/2018 8:13:39 PM")).toBe("2018-12-25");
    expect(dateOf("2018-12-25 10:30")).toBe("2018-12-25");
    expect(dateOf("25-Dec-18 10:30")).toBe("2018-12-25");
    expect(dateOf("12/25/2018 10:30")).toBe("2018-12-25");
  });

  it("prefers a labelled date, the first date from the top otherwise, and skips implausible years", () => {
    expect(fieldsOf(["Printed 02/01/2019", "Date: 25/12/2018"], [{ name: "date", type: "date" }]).fields).toEqual({
      date: "2018-12-25",
    });
    expect(
      fieldsOf(["Ref 12/05/3180", "28/05/18 11:41", "28/06/2018 3:11 PM"], [{ name: "date", type: "date" }]).fields,
    ).toEqual({ date: "2018-05-28" });
  });

  it("does not give an unlabelled date to a field naming another date", () => {
    expect(
      fieldsOf(
        ["SHOP", "29 Mar 2018 18:15"],
        [
          { name: "due_date", type: "date" },
          { name: "birthDate", type: "date" },
        ],
      ).fields,
    ).toEqual({ due_date: null, birthDate: null });
  });

  it("leaves the date null when there is none", () => {
    expect(fieldsOf(["SHOP", "Invoice # 12/345", "TOTAL 4.50"], [{ name: "date", type: "date" }]).fields).toEqual({
      date: null,
    });
  });
});
