import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/pages/types";
import { dateOrderOf } from "./date-order";
import { extractStructure } from "../extract-structure";
import { line, ocrPage } from "../testing/synthetic-ocr-page";

// A document's own dates, then its language or currency, decide how "03/01/2018" is read.

const page = (...rows: string[]): Page => ocrPage([rows.map((row, index) => line(0.1, 0.1 + index * 0.02, row))]);
const datesOf = (...pages: Page[]) =>
  extractStructure({ pages })
    .entities.filter((entity) => entity.type === "date")
    .map((entity) => entity.value);
const dateFieldOf = (...rows: string[]) =>
  extractStructure({ pages: [page(...rows)], schema: [{ name: "date", type: "date" }] }).fields!.date;

describe("dateOrderOf", () => {
  it("follows a date only one order allows", () => {
    expect(dateOrderOf([page("Printed 25/12/2018", "Date: 03/01/2018")])).toBe("day-first");
    expect(dateOrderOf([page("Printed 12/25/2018", "Date: 03/01/2018")])).toBe("month-first");
    expect(dateOrderOf([page("Lieferung 25.12.2018")])).toBe("day-first");
  });

  it("reads the other pages' dates too", () => {
    expect(dateOrderOf([page("Date: 03/01/2018"), { ...page("Delivered 25/12/2018"), pageNumber: 2 }])).toBe(
      "day-first",
    );
  });

  it("takes the language, then the currency, when no date tells", () => {
    expect(dateOrderOf([page("Datum 03/01/2018")], "de")).toBe("day-first");
    expect(dateOrderOf([page("Date 03/01/2018", "Total RM 9.00")])).toBe("day-first");
    expect(dateOrderOf([page("Date 03/01/2018", "Amount(RM) Tax(RM)")])).toBe("day-first");
    expect(dateOrderOf([page("Date 03/01/2018", "Total 9,00 €")])).toBe("day-first");
    expect(dateOrderOf([page("Date 03/01/2018", "Total $9.00")])).toBe("month-first");
    expect(dateOrderOf([page("Date 03/01/2018", "Total $9.00", "Paid £7.00")])).toBe("day-first");
  });

  it("says nothing when nothing tells or the dates disagree", () => {
    expect(dateOrderOf([page("Date 03/01/2018", "Total 9.00")])).toBeUndefined();
    expect(dateOrderOf([page("Shipped 25/12/2018", "Received 12/26/2018", "Total RM 9.00")])).toBeUndefined();
  });

  it("does not take a time range, a version or an ISO date for a date that shows the order", () => {
    expect(dateOrderOf([page("Open 12.30-14.45", "Version 1.2.13.4", "2018-12-25", "03/01/2018")])).toBeUndefined();
  });
});

describe("the document's date order in extraction", () => {
  it("reads an ambiguous date the way the document's other dates show", () => {
    expect(datesOf(page("Printed 25/12/2018", "Date: 03/01/2018"))).toEqual(["2018-12-25", "2018-01-03"]);
    expect(datesOf(page("Printed 12/25/2018", "Date: 03/01/2018"))).toEqual(["2018-12-25", "2018-03-01"]);
  });

  it("reads a ringgit receipt day-first and a dollar receipt month-first", () => {
    expect(dateFieldOf("KEDAI RUNCIT", "Date: 03/01/2018", "TOTAL RM 9.00")).toBe("2018-01-03");
    expect(dateFieldOf("CORNER STORE", "Date: 03/01/2018", "TOTAL $9.00")).toBe("2018-03-01");
  });

  it("never flips an ISO date", () => {
    expect(datesOf(page("Printed 25/12/2018", "Date: 2018-01-03"))).toEqual(["2018-12-25", "2018-01-03"]);
    expect(datesOf(page("Printed 12/25/2018", "Date: 2018-01-03"))).toEqual(["2018-12-25", "2018-01-03"]);
  });

  it("keeps the default, month-first for slashes, when the dates disagree", () => {
    expect(datesOf(page("Shipped 25/12/2018", "Received 12/26/2018", "Date: 03/01/2018", "TOTAL RM 9.00"))).toEqual([
      "2018-12-25",
      "2018-12-26",
      "2018-03-01",
    ]);
  });
});
