import { describe, expect, it } from "vitest";
import { parseDate, parseNumber } from "./normalise-values";

describe("parseDate", () => {
  it("reads the date spellings of receipts and invoices", () => {
    expect(parseDate("25/12/2018")).toBe("2018-12-25");
    expect(parseDate("2018-12-25")).toBe("2018-12-25");
    expect(parseDate("2018/12/25")).toBe("2018-12-25");
    expect(parseDate("25.12.18")).toBe("2018-12-25");
    expect(parseDate("25-Dec-18")).toBe("2018-12-25");
    expect(parseDate("25 DEC 2018")).toBe("2018-12-25");
    expect(parseDate("1st January 2025")).toBe("2025-01-01");
    expect(parseDate("14. March 2025")).toBe("2025-03-14");
    expect(parseDate("Sept 5, 2024")).toBe("2024-09-05");
    expect(parseDate("20181225")).toBe("2018-12-25");
  });

  it("reads the date out of a timestamp", () => {
    expect(parseDate("12/25/2018 10:30")).toBe("2018-12-25");
    expect(parseDate("25/12/2018 8:13:39 PM")).toBe("2018-12-25");
    expect(parseDate("29 Mar 2018 18:15")).toBe("2018-03-29");
  });

  it("does not read references, impossible dates or words that start like a month as dates", () => {
    expect(parseDate("12/345")).toBeNull();
    expect(parseDate("Invoice 1/2/345")).toBeNull();
    expect(parseDate("32/01/2018")).toBeNull();
    expect(parseDate("20181345")).toBeNull();
    expect(parseDate("Order 201812251")).toBeNull();
    expect(parseDate("5 Marketing 18")).toBeNull();
  });

  it("reads a date both orders allow in the order given, and by its separator without one", () => {
    expect(parseDate("03/01/2018", "day-first")).toBe("2018-01-03");
    expect(parseDate("03/01/2018", "month-first")).toBe("2018-03-01");
    expect(parseDate("03/01/2018")).toBe("2018-03-01");
    expect(parseDate("03.01.2018", "month-first")).toBe("2018-03-01");
    expect(parseDate("03.01.2018")).toBe("2018-01-03");
    expect(parseDate("03-01-18")).toBe("2018-01-03");
  });

  it("reads a date only one order allows that way, whatever order is given", () => {
    expect(parseDate("25/12/2018", "month-first")).toBe("2018-12-25");
    expect(parseDate("12/25/2018", "day-first")).toBe("2018-12-25");
    expect(parseDate("12-25-2018")).toBe("2018-12-25");
    expect(parseDate("2018-01-03", "month-first")).toBe("2018-01-03");
    expect(parseDate("2018/01/03", "day-first")).toBe("2018-01-03");
    expect(parseDate("13/13/2018", "day-first")).toBeNull();
  });
});

describe("parseNumber", () => {
  it("reads amounts with currencies and OCR spacing", () => {
    expect(parseNumber("RM 9.00")).toBe(9);
    expect(parseNumber("43. 90")).toBe(43.9);
    expect(parseNumber("41,42")).toBe(41.42);
  });
});
