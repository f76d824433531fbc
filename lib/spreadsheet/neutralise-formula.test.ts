import { describe, expect, it } from "vitest";
import { neutraliseCellValue, neutraliseFormula } from "./neutralise-formula";

describe("neutraliseFormula", () => {
  it("prefixes every cell a spreadsheet app would run as a formula", () => {
    for (const text of [
      "=1+1",
      '=HYPERLINK("http://evil.example","x")',
      "+1+1",
      "-1+1",
      "@SUM(A1)",
      "\t=1+1",
      "\r=1+1",
      "-2+3+cmd|' /C calc'!A0",
      "-",
      "+",
      "--1",
      "-1e",
      "- 1",
      "-1-1",
      "+1 555 0100",
      "-$5",
    ]) {
      expect(neutraliseFormula(text), JSON.stringify(text)).toBe(`'${text}`);
    }
  });

  it("leaves plain numbers and ordinary text alone", () => {
    for (const text of [
      "-5",
      "+5",
      "-1.25",
      "-.5",
      "+1.5e3",
      "-2E-4",
      "-1,234.50",
      "1+1",
      "hello",
      "",
      "'=quoted already",
      " =1",
      "a=b",
      "12-01-2026",
    ]) {
      expect(neutraliseFormula(text), JSON.stringify(text)).toBe(text);
    }
  });

  it("neutralises only text cell values", () => {
    expect(neutraliseCellValue("=1+1")).toBe("'=1+1");
    expect(neutraliseCellValue(-5)).toBe(-5);
    expect(neutraliseCellValue(true)).toBe(true);
    expect(neutraliseCellValue(null)).toBe(null);
  });
});
