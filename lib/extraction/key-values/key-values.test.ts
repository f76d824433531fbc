import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/pages/types";
import { findKeyValuePairs } from "./key-values";
import { line, ocrPage } from "../testing/synthetic-ocr-page";

// Layouts of scanned forms as OCR reports them (the classes of failure the FUNSD bench showed):
// label and value columns read as separate lines, labels wrapped over two lines, values running
// into the next column, values continued on the lines below.

const pairsOf = (page: Page) => findKeyValuePairs([page]).map((pair) => [pair.key, pair.value]);

describe("findKeyValuePairs on OCR layouts", () => {
  it("pairs a label column with the value column read as separate lines, including wrapped labels and multi-line values", () => {
    const page = ocrPage([
      [
        line(0.1, 0.1, "CASE NAME:"),
        line(0.1, 0.13, "COURT:"),
        line(0.1, 0.16, "LORILLARD"),
        line(0.1, 0.175, "ENTITIES:"),
        line(0.1, 0.21, "COUNSEL:"),
        line(0.1, 0.3, "JUDGE:"),
      ],
      [
        line(0.3, 0.1, "Robinson v. Raybestos, et al."),
        line(0.3, 0.13, "San Francisco Superior Court"),
        line(0.3, 0.175, "Lorillard Tobacco Company"),
        line(0.3, 0.21, "Wartnick, Chaber & Smith"),
        line(0.3, 0.225, "101 California Street"),
        line(0.3, 0.24, "San Francisco 94111"),
      ],
    ]);
    expect(pairsOf(page)).toEqual([
      ["CASE NAME", "Robinson v. Raybestos, et al."],
      ["COURT", "San Francisco Superior Court"],
      ["LORILLARD ENTITIES", "Lorillard Tobacco Company"],
      ["COUNSEL", "Wartnick, Chaber & Smith 101 California Street San Francisco 94111"],
      ["JUDGE", ""],
    ]);
    const court = findKeyValuePairs([page])[1];
    expect(court.valueBox!.x).toBeCloseTo(0.3, 6);
    expect(court.valueBox!.y).toBeCloseTo(0.13, 6);
  });

  it("takes the value line beside a label whose own line runs on into specks in the margin", () => {
    const page = ocrPage([
      [
        [...line(0.24, 0.85, "Attention:"), ...line(0.885, 0.85, ">", 0.7)],
        [...line(0.24, 0.877, "Company:"), ...line(0.885, 0.877, "nN Nh", 0.5)],
        [...line(0.27, 0.903, "Fax #:"), ...line(0.886, 0.903, "N", 0.8)],
      ],
      [
        line(0.392, 0.85, "John J. Mulderig c/o Mike Baker"),
        line(0.392, 0.876, "Philip Morris Management Corp."),
        line(0.393, 0.902, "816/545-7473"),
      ],
    ]);
    expect(pairsOf(page)).toEqual(
      expect.arrayContaining([
        ["Attention", "John J. Mulderig c/o Mike Baker"],
        ["Company", "Philip Morris Management Corp."],
        ["Fax", "816/545-7473"],
      ]),
    );
  });

  it("stops a value at a column gap and at the next label on the same line, and drops box edges", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "FROM: T. D. Blachly >MAY 12 | APR |")],
      [line(0.1, 0.13, "FAX NUMBER: (336) 335-7392 >PHONE NUMBER: (336) 335-7363")],
      [line(0.1, 0.16, "Fax No.: | |")],
    ]);
    expect(pairsOf(page)).toEqual([
      ["FROM", "T. D. Blachly"],
      ["FAX NUMBER", "(336) 335-7392"],
      ["PHONE NUMBER", "(336) 335-7363"],
      ["Fax No.", ""],
    ]);
  });

  it("takes no pair from a wide gap alone: noise, a two-column table's rows, a name across the page", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "ERR >tid Foo", 0.3)],
      // A table: names in one column, counts in another.
      [0.2, 0.215, 0.23].map((y, row) => [
        ...line(0.1, y, ["Super America", "Rich Oil", "Dairy Marts"][row]),
        ...line(0.4, y, ["106", "82", "35"][row]),
      ]),
      [[...line(0.1, 0.3, "Account holder"), ...line(0.6, 0.3, "Jane Roe")]],
    ]);
    // On scanned forms every pair a gap alone made was wrong: the next column's heading, a table's cell.
    expect(pairsOf(page)).toEqual([]);
  });
});

describe("labels without a colon and values on the next lines", () => {
  it("pairs labels in capitals, labels ending in No. or a question mark, and a colon read as a semicolon", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "PROJECT NAME Harbour bridge survey")],
      [line(0.1, 0.13, "PROJECT NUMBER K-2231.07")],
      [line(0.1, 0.16, "START DATEMarch 3, 2021 ~END DATE June 30, 2022")],
      [line(0.1, 0.19, "Case No. 20-118")],
      [line(0.1, 0.22, "Any allergies? Penicillin and latex")],
      [line(0.1, 0.25, "NAME; Jordan Blake")],
    ]);
    expect(pairsOf(page)).toEqual([
      ["PROJECT NAME", "Harbour bridge survey"],
      ["PROJECT NUMBER", "K-2231.07"],
      ["START DATE", "March 3, 2021"],
      ["END DATE", "June 30, 2022"],
      ["Case No.", "20-118"],
      ["Any allergies?", "Penicillin and latex"],
      ["NAME", "Jordan Blake"],
    ]);
  });

  it("leaves headings, capitals running on into text or a note, and capitals over a bare number alone", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "SAFETY AND QUALITY REVIEW")],
      [line(0.1, 0.2, "ONE HARBOUR ROAD 18TH FL")],
      [line(0.1, 0.3, "SEE PAGE 4. DO NOT STAPLE")],
      [line(0.1, 0.4, "IN WITNESS WHEREOF I have signed this day")],
      [line(0.1, 0.5, "PRESENT STATUS (cite the reports) Work began")],
      [line(0.1, 0.6, "OUT OF SPEC. ON ROLL 34")],
    ]);
    expect(pairsOf(page)).toEqual([]);
  });

  it("takes a value from the line under its label, and continues a value over the lines under it", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "DATE:"), line(0.1, 0.115, "12/10/2020")],
      [
        line(0.1, 0.15, "TO: Northwind Trading Ltd."),
        line(0.132, 0.164, "12 Harbour Road"),
        line(0.132, 0.178, "Portsmouth PO1 2AB"),
        line(0.1, 0.192, "ATTN: Dana Whitfield"),
      ],
    ]);
    expect(pairsOf(page)).toEqual([
      ["DATE", "12/10/2020"],
      ["TO", "Northwind Trading Ltd. 12 Harbour Road Portsmouth PO1 2AB"],
      ["ATTN", "Dana Whitfield"],
    ]);
  });

  it("does not continue a value with the wrapped line of the next field's value under it", () => {
    const page = ocrPage([
      [
        [...line(0.1, 0.2, "Supplier:"), ...line(0.3, 0.2, "Acme Research Group")],
        [...line(0.1, 0.206, "Reason:"), ...line(0.3, 0.206, "Acme was chosen for its timing and")],
        line(0.3, 0.218, "its low cost."),
      ],
    ]);
    expect(pairsOf(page)).toEqual([
      ["Supplier", "Acme Research Group"],
      ["Reason", "Acme was chosen for its timing and its low cost."],
    ]);
  });

  it("does not take the next field's label, closed by a word like No. or Code, for a value", () => {
    const page = ocrPage([[line(0.1, 0.1, "Ship To: Customer Account No."), line(0.1, 0.13, "Billing Code: 4471")]]);
    expect(pairsOf(page)).not.toContainEqual(["Ship To", "Customer Account No."]);
    expect(pairsOf(page)).toContainEqual(["Billing Code", "4471"]);
  });

  it("gives a label followed by the next label an empty value, not the next label", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "SEATS: SEATS: # ROWS")],
      [line(0.1, 0.2, "FIRM: >PHONE NO.:")],
      [line(0.1, 0.3, "Fax Transmittal >Sender")],
    ]);
    expect(pairsOf(page)).toEqual([
      ["SEATS", ""],
      ["SEATS", ""],
      ["FIRM", ""],
      ["PHONE NO.", ""],
    ]);
  });
  it("gives a label an empty value rather than a scribble read unsurely under it", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "Approved by:"), line(0.1, 0.115, "jrw. hlt 4", 0.4)],
      [line(0.5, 0.1, "Checked by:"), line(0.5, 0.115, "Ann Lee, QA", 0.9)],
    ]);
    expect(pairsOf(page)).toEqual([
      ["Approved by", ""],
      ["Checked by", "Ann Lee, QA"],
    ]);
  });

  it("gives a label an empty value rather than a lone word far across the row, but takes a number there", () => {
    const page = ocrPage([
      [[...line(0.1, 0.1, "Approved By:"), ...line(0.5, 0.1, "Date")]],
      [[...line(0.1, 0.2, "Cases:"), ...line(0.5, 0.2, "500")]],
    ]);
    expect(pairsOf(page)).toEqual([
      ["Approved By", ""],
      ["Cases", "500"],
    ]);
  });

  it("starts a label with a colon after the other column's text across a wide gap, not at the line's start", () => {
    const page = ocrPage([[line(0.1, 0.1, "Initiation Date ~8/3/87 >Total Area Budget: 780,900.00")]]);
    expect(pairsOf(page)).toContainEqual(["Total Area Budget", "780,900.00"]);
    expect(pairsOf(page).map(([key]) => key)).not.toContain("Initiation Date 8/3/87 Total Area Budget");
  });
  it("takes a heading's column of row labels for a table's stub, not for its values, each row label with the value on its row", () => {
    const page = ocrPage([
      [line(0.1, 0.116, "CIGARETTE MAKING >TRIAL SPECIFICATION")],
      [
        line(0.1, 0.13, "Overall Length"),
        line(0.1, 0.16, "Filter Length"),
        line(0.1, 0.19, "Tipping Length"),
        line(0.1, 0.22, "Tobacco Rod Density"),
      ],
      [line(0.42, 0.13, "99 mm"), line(0.4, 0.16, "27 mm"), line(0.44, 0.19, "32.5 mm")],
    ]);
    const pairs = pairsOf(page);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ["Overall Length", "99 mm"],
        ["Filter Length", "27 mm"],
        ["Tipping Length", "32.5 mm"],
      ]),
    );
    expect(pairs.filter(([, value]) => /Length|Density/.test(value))).toEqual([]);
  });
});
