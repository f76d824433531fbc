import { describe, expect, it } from "vitest";
import type { Word } from "@/lib/pages/types";
import { extractStructure } from "../extract-structure";
import { line, ocrPage } from "../testing/synthetic-ocr-page";

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

  const dateDetail = (...rows: string[]) => fieldsOf(rows, [{ name: "date", type: "date" }]).fieldDetails![0];

  it("reads an ambiguous date day-first on a day-first receipt, and says why", () => {
    const ringgit = dateDetail("KIM HUAT SDN BHD", "Date: 11/01/2019 14:03", "TOTAL RM 9.00");
    expect(ringgit.value).toBe("2019-01-11");
    expect(ringgit.reason).toContain("day-first: amounts in RM");
    const shown = dateDetail("Printed 25/12/2018", "Date: 11/01/2019");
    expect(shown).toMatchObject({ value: "2019-01-11" });
    expect(shown.reason).toContain("another date on it, 25/12/2018, can only be read day-first");
  });

  it("reads it month-first when nothing on the document says otherwise, and is not sure of it", () => {
    const plain = dateDetail("CORNER DELI", "Date: 11/01/2019 14:03", "TOTAL 9.00");
    expect(plain.value).toBe("2019-11-01");
    expect(plain.reason).toContain("month-first: nothing on the document says the day comes first");
    expect(plain.confidence).toBeLessThan(0.9);
    expect(dateDetail("Corner Deli Inc.", "Date: 11/01/2019").reason).toContain("an Inc., a US legal form");
  });

  // Known gap of the trained ranker (MODEL_CARD.md): it does not reproduce this hand-made case yet.
  it.fails(
    "reads dates through OCR slips: spaced or mixed separators, specks, letters for digits, a misread century",
    () => {
      expect(dateDetail("SHOP SDN BHD", "Date : 05- \u201803- 2018 19:02").value).toBe("2018-03-05");
      expect(dateDetail("SHOP SDN BHD", "24. 03-18 18:02 SH01").value).toBe("2018-03-24");
      expect(dateDetail("SHOP SDN BHD", "Inv No :6K33 | Date:D2/02/17 19:44").value).toBe("2017-02-02");
      const century = dateDetail("SHOP SDN BHD", "09/03/2518 18:54 1008");
      expect(century.value).toBe("2018-03-09");
      expect(century.reason).toContain("year 2518 read as 2018");
      expect(century.confidence).toBeLessThan(0.9);
    },
  );

  it("reads dates OCR glued to their label, their time or their month, and a zero read as @", () => {
    expect(dateDetail("SHOP SDN BHD", "DATE18/03/2018 13:45").value).toBe("2018-03-18");
    expect(dateDetail("SHOP SDN BHD", "Receipt 18/03/201813:45").value).toBe("2018-03-18");
    expect(dateDetail("SHOP SDN BHD", "18/03/18-10:30 POS2").value).toBe("2018-03-18");
    expect(dateDetail("SHOP SDN BHD", "18MAR2018 10:30").value).toBe("2018-03-18");
    expect(dateDetail("SHOP SDN BHD", "Mar 18,2018").value).toBe("2018-03-18");
    expect(dateDetail("SHOP SDN BHD", "Date: 18/03/2@18").value).toBe("2018-03-18");
    // A slash lost between the day and the month, when what is left can only be a date.
    expect(dateDetail("SHOP SDN BHD", "Tax Invoice", "2703/2018 No. : CS-20242").value).toBe("2018-03-27");
    expect(dateDetail("SHOP SDN BHD", "Invoice 4821/2018").value).toBeNull();
    // Glued to anything else, a run of digits and slashes is a code, not a date.
    expect(dateDetail("SHOP SDN BHD", "REF18/03/2018").value).toBeNull();
    expect(dateDetail("SHOP SDN BHD", "Item 18/03/20184").value).toBeNull();
  });

  // Known gap of the trained ranker (MODEL_CARD.md): it does not reproduce this hand-made case yet.
  it.fails("passes over a date only the other order can read, on a receipt whose place writes the day first", () => {
    const misread = dateDetail("KIM HUAT SDN BHD", "Date: 01/18/2017", "Delivery: 01/10/2017", "TOTAL RM 9.00");
    expect(misread.value).toBe("2017-10-01");
    expect(misread.reason).toContain("day-first: amounts in RM");
    // Alone, it is still the date, read the only way it can be.
    expect(dateDetail("KIM HUAT SDN BHD", "Date: 01/18/2017", "TOTAL RM 9.00").value).toBe("2017-01-18");
    // Nothing says where the receipt is from: its one unambiguous date decides the order.
    expect(dateDetail("KIM HUAT", "Date: 01/18/2017", "Delivery: 01/10/2017").value).toBe("2017-01-18");
  });

  // Known gap of the trained ranker (MODEL_CARD.md): it does not reproduce this hand-made case yet.
  it.fails("is sure of a clearly printed labelled date, less of one OCR was unsure of", () => {
    expect(dateDetail("SHOP SDN BHD", "Date: 25/12/2018 10:30").confidence).toBeGreaterThanOrEqual(0.9);
    const blurred = extractStructure({
      pages: [ocrPage([[line(0.1, 0.1, "SHOP SDN BHD"), line(0.1, 0.12, "Date: 25/12/2018", 0.5)]])],
      schema: [{ name: "date", type: "date" }],
    }).fieldDetails![0];
    expect(blurred.value).toBe("2018-12-25");
    expect(blurred.confidence).toBeLessThan(0.9);
  });
});
