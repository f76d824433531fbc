import { describe, expect, it } from "vitest";
import { retargetRowFormula, shiftAreaRows, shiftFormulaRows, translateFormula } from "./shift-references";

// Two rows inserted into "Invoice" before row 12 (after row 11), as in the brief's examples.
const insertion = { sheet: "Invoice", atRow: 12, count: 2 };
const onInvoice = (formula: string) => shiftFormulaRows(formula, { formulaSheet: "Invoice", insertion });
const onSummary = (formula: string) => shiftFormulaRows(formula, { formulaSheet: "Summary", insertion });

describe("shiftFormulaRows", () => {
  it.each([
    ["SUM(D10:D12)", "SUM(D10:D14)"],
    ["SUM(D12:D15)", "SUM(D14:D17)"],
    ["SUM(D5:D11)", "SUM(D5:D11)"],
    ["D11+D12", "D11+D14"],
    ["$D$12*2", "$D$14*2"],
    ["D$12+$D12+$D$11", "D$14+$D14+$D$11"],
    ["SUM($D$10:$D$12)", "SUM($D$10:$D$14)"],
    ["SUM(D12:D10)", "SUM(D14:D10)"],
    ["SUM(D:D)", "SUM(D:D)"],
    ["SUM($A:$C)", "SUM($A:$C)"],
    ["SUM(10:12)", "SUM(10:14)"],
    ["SUM($12:$13)", "SUM($14:$15)"],
    ["SUM(1:5)", "SUM(1:5)"],
    ['IF(D12>0,"D12 is positive","D12")', 'IF(D14>0,"D12 is positive","D12")'],
    ['"say ""D12"""&D12', '"say ""D12"""&D14'],
    ["LOG10(D12)+ATAN2(D12,1)", "LOG10(D14)+ATAN2(D14,1)"],
    ["_xlfn.STDEV.S(D10:D12)", "_xlfn.STDEV.S(D10:D14)"],
    ["Items[Amount]+Items[@Qty]+D12", "Items[Amount]+Items[@Qty]+D14"],
    ["SUM(Items[[#This Row],[D12]])", "SUM(Items[[#This Row],[D12]])"],
    ["IFERROR(D12,#N/A)+#REF!", "IFERROR(D14,#N/A)+#REF!"],
    ["Invoice!D12", "Invoice!D14"],
    ["Summary!D12+D12", "Summary!D12+D14"],
    ["[1]Invoice!D12", "[1]Invoice!D12"],
    ["'[Book.xlsx]Invoice'!D12", "'[Book.xlsx]Invoice'!D12"],
    ["SUM(Invoice:Summary!D12)", "SUM(Invoice:Summary!D12)"],
    ["TaxRate*D12", "TaxRate*D14"],
    ["1.5E+12*D13", "1.5E+12*D15"],
    ["{1,2;3,4}", "{1,2;3,4}"],
    ["d12+d11", "D14+d11"],
  ])("on the sheet itself: %s → %s", (formula, expected) => {
    expect(onInvoice(formula)).toBe(expected);
  });

  it.each([
    ["SUM(Invoice!D10:D12)", "SUM(Invoice!D10:D14)"],
    ["Invoice!$D$12", "Invoice!$D$14"],
    ["invoice!D12", "invoice!D14"],
    ["D12+Invoice!D12", "D12+Invoice!D14"],
    ["SUM(Invoice!D:D)", "SUM(Invoice!D:D)"],
    ["SUM(Invoice!12:13)", "SUM(Invoice!14:15)"],
    ["Invoice!A1+Invoice!D11", "Invoice!A1+Invoice!D11"],
    ["Invoice!#REF!+Invoice!D13", "Invoice!#REF!+Invoice!D15"],
  ])("from another sheet: %s → %s", (formula, expected) => {
    expect(onSummary(formula)).toBe(expected);
  });

  it.each([
    ["'My Sheet'!D12+D12", "'My Sheet'!D14+D12"],
    ["SUM('My Sheet'!$D$10:$D$12)", "SUM('My Sheet'!$D$10:$D$14)"],
    ["'Bob''s Items'!D12", "'Bob''s Items'!D12"],
  ])("quoted sheet names: %s → %s", (formula, expected) => {
    expect(shiftFormulaRows(formula, { formulaSheet: "Summary", insertion: { ...insertion, sheet: "My Sheet" } })).toBe(
      expected,
    );
  });

  it("understands quoted names with apostrophes and non-Latin letters", () => {
    const apostrophe = { ...insertion, sheet: "Bob's Items" };
    expect(
      shiftFormulaRows("'Bob''s Items'!D12&\"'Bob''s Items'!D12\"", { formulaSheet: "Summary", insertion: apostrophe }),
    ).toBe("'Bob''s Items'!D14&\"'Bob''s Items'!D12\"");
    expect(
      shiftFormulaRows("Übersicht!D12+'Übersicht 2'!D12", {
        formulaSheet: "Summary",
        insertion: { ...insertion, sheet: "Übersicht" },
      }),
    ).toBe("Übersicht!D14+'Übersicht 2'!D12");
  });

  it("leaves a defined name's references without a sheet alone, and shifts those with one", () => {
    expect(shiftFormulaRows("Invoice!$D$10:$D$12", { insertion })).toBe("Invoice!$D$10:$D$14");
    expect(shiftFormulaRows("$D$10:$D$12", { insertion })).toBe("$D$10:$D$12");
  });

  it("grows ranges that start on a duplicated row instead of moving them, and can keep relative references to it", () => {
    const rules = { growFromInsertionRow: true };
    expect(shiftFormulaRows("SUM(D12:D12)+D12+SUM(D10:D12)", { formulaSheet: "Invoice", insertion, rules })).toBe(
      "SUM(D12:D14)+D14+SUM(D10:D14)",
    );
    expect(
      shiftFormulaRows("$D12>100", { formulaSheet: "Invoice", insertion, rules: { keepRelativeInsertionRow: true } }),
    ).toBe("$D12>100");
    expect(
      shiftFormulaRows("$D$12>D13", { formulaSheet: "Invoice", insertion, rules: { keepRelativeInsertionRow: true } }),
    ).toBe("$D$14>D15");
  });
});

describe("shiftAreaRows", () => {
  it("moves, grows or keeps areas", () => {
    expect(shiftAreaRows("A5:D11 A13:D13 F12", { sheet: "Invoice", insertion })).toBe("A5:D11 A15:D15 F14");
    expect(shiftAreaRows("A5:D12", { sheet: "Invoice", insertion })).toBe("A5:D14");
    expect(
      shiftAreaRows("A12:D12 F12 F11", { sheet: "Invoice", insertion, rules: { growFromInsertionRow: true } }),
    ).toBe("A12:D14 F12:F14 F11");
    expect(shiftAreaRows("A12:D12", { sheet: "Summary", insertion })).toBe("A12:D12");
  });
});

describe("retargetRowFormula", () => {
  it("moves relative references to the copied row only", () => {
    expect(
      retargetRowFormula("B14*C14+$F$14+E13+C$14+$B14+Other!B14", { formulaSheet: "Invoice", fromRow: 14, toRow: 12 }),
    ).toBe("B12*C12+$F$14+E13+C$14+$B12+Other!B14");
    expect(retargetRowFormula("SUM(B14:C14)+Invoice!B14", { formulaSheet: "Invoice", fromRow: 14, toRow: 12 })).toBe(
      "SUM(B12:C12)+Invoice!B12",
    );
  });
});

describe("translateFormula", () => {
  it("moves relative parts as a fill does, and marks references pushed off the sheet", () => {
    expect(translateFormula("B6*C6+$F$2+$B6+C$1+SUM(D:D)+SUM(6:6)", { rows: 3, columns: 1 })).toBe(
      "C9*D9+$F$2+$B9+D$1+SUM(E:E)+SUM(9:9)",
    );
    expect(translateFormula("A1+'My Sheet'!B2+\"A1\"", { rows: 1, columns: 0 })).toBe("A2+'My Sheet'!B3+\"A1\"");
    expect(translateFormula("A2+B5", { rows: -3, columns: 0 })).toBe("#REF!+B2");
  });
});
