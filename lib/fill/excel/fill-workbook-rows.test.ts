import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { convertWithLibreOffice, findSoffice } from "@/lib/documents/office/convert-with-libreoffice";
import { readDocument } from "@/lib/documents/read-document";
import { makeDocx } from "@/lib/documents/testing/make-office-files";
import { fillWorkbook } from "./fill-workbook";

// A template whose two item rows are too few for the source's five line items, with everything that
// points at the rows below them: a total, tax and grand total, an Excel table, defined names, a
// second sheet (quoted name) reading the totals, shared formulas, merges, conditional formats,
// validation and a print area.

const items = "Invoice Items";
const summary = "Bob's Summary";

async function makeTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(items);
  sheet.getCell("A1").value = "Invoice number:";
  sheet.getCell("A3").value = "Tax rate";
  sheet.getCell("B3").value = 0.2;
  sheet.addTable({
    name: "Items",
    ref: "A5",
    columns: ["Description", "Quantity", "Unit price", "Amount"].map((name) => ({ name })),
    rows: [Array(4).fill(null), Array(4).fill(null)],
  });
  sheet.fillFormula("D6:D7", "B6*C6");
  for (const row of [6, 7]) {
    sheet.getCell(`A${row}`).font = { italic: true };
    sheet.getCell(`C${row}`).numFmt = "#,##0.00";
    sheet.getCell(`B${row}`).dataValidation = {
      type: "whole",
      operator: "greaterThan",
      formulae: [0],
      allowBlank: true,
    };
    sheet.getCell(`A${row}`).dataValidation = { type: "list", formulae: ["$F$20:$F$22"], allowBlank: true };
  }
  sheet.getRow(7).height = 21;
  sheet.mergeCells("A8:C8");
  sheet.getCell("A8").value = "Total";
  sheet.getCell("D8").value = { formula: "SUM(D6:D7)" } as ExcelJS.CellFormulaValue;
  sheet.getCell("D8").font = { bold: true };
  sheet.getCell("C9").value = "Tax";
  sheet.getCell("D9").value = { formula: "D8*$B$3" } as ExcelJS.CellFormulaValue;
  sheet.getCell("C10").value = "Grand total";
  sheet.getCell("D10").value = { formula: "$D$8+D9" } as ExcelJS.CellFormulaValue;
  sheet.getCell("E10").value = { formula: 'IF(D10>0,"see D10","")' } as ExcelJS.CellFormulaValue;
  sheet.mergeCells("A12:D13");
  sheet.getCell("A12").value = "Thank you for your business";
  sheet.getCell("A15").value = "Customer";
  ["Widget", "Gadget", "Cable"].forEach((name, index) => (sheet.getCell(`F${20 + index}`).value = name));
  sheet.addConditionalFormatting({
    ref: "A6:D7",
    rules: [{ type: "expression", priority: 1, formulae: ["$D6>100"], style: { font: { bold: true } } }],
  });
  sheet.addConditionalFormatting({
    ref: "D10",
    rules: [
      {
        type: "cellIs",
        priority: 2,
        operator: "greaterThan",
        formulae: ["$D$8"],
        style: { font: { color: { argb: "FFFF0000" } } },
      },
    ],
  });
  sheet.pageSetup.printArea = "A1:D16";
  workbook.definedNames.add(`'${items}'!$D$6:$D$7`, "Amounts");
  workbook.definedNames.add(`'${items}'!$D$10`, "GrandTotal");

  const other = workbook.addWorksheet(summary);
  other.getCell("A1").value = "Grand total";
  other.getCell("B1").value = { formula: `'${items}'!D10` } as ExcelJS.CellFormulaValue;
  other.getCell("B2").value = { formula: `SUM('${items}'!D6:D7)` } as ExcelJS.CellFormulaValue;
  other.getCell("B3").value = { formula: `COUNTA('${items}'!A6:A7)` } as ExcelJS.CellFormulaValue;
  other.getCell("B4").value = { formula: "SUM(Amounts)+GrandTotal" } as ExcelJS.CellFormulaValue;
  other.getCell("B5").value = { formula: `'${items}'!$B$3` } as ExcelJS.CellFormulaValue;
  other.getCell("B6").value = { formula: `"'${items}'!D10 is the total"` } as ExcelJS.CellFormulaValue;
  other.getCell("B7").value = { formula: `SUM('${items}'!D:D)` } as ExcelJS.CellFormulaValue;
  other.fillFormula("C1:C3", `'${items}'!D8`);
  other.getCell("E1").dataValidation = { type: "list", formulae: [`'${items}'!$F$20:$F$22`] };
  other.addConditionalFormatting({
    ref: "B1",
    rules: [{ type: "expression", priority: 3, formulae: [`B1<>'${items}'!$D$10`], style: { font: { italic: true } } }],
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const lineItems = [
  ["Widget", "2", "10.00"],
  ["Gadget", "1", "5.50"],
  ["Cable", "3", "2.00"],
  ["Bolt", "10", "0.25"],
  ["Lamp", "1", "40.00"],
];

async function fillTemplate(): Promise<Buffer> {
  const source = await makeDocx({
    heading: "Invoice",
    paragraphs: ["Invoice number: INV-7", "Customer: Acme Ltd"],
    table: [
      ["Description", "Qty", "Unit price", "Amount"],
      ...lineItems.map(([name, quantity, price]) => [
        name,
        quantity,
        price,
        (Number(quantity) * Number(price)).toFixed(2),
      ]),
    ],
  });
  const pages = (await readDocument({ bytes: source })).pages;
  const result = await fillWorkbook({
    xlsx: await makeTemplate(),
    mode: "smart",
    sources: [{ fileName: "invoice.docx", pages }],
  });
  return result.xlsx;
}

async function open(xlsx: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  return workbook;
}

const formulaOf = (sheet: ExcelJS.Worksheet, address: string) =>
  (sheet.getCell(address).value as ExcelJS.CellFormulaValue | null)?.formula;
// exceljs's type declarations leave out a loaded sheet's conditional formats.
const formatsOf = (sheet: ExcelJS.Worksheet) =>
  (sheet as unknown as { conditionalFormattings: Array<{ ref: string; rules: Array<{ formulae: string[] }> }> })
    .conditionalFormattings;

describe("fillWorkbook inserting line-item rows", () => {
  it("moves every reference to the rows below: formulas on all sheets, table, names, merges, formats, validation", async () => {
    const xlsx = await fillTemplate();
    const workbook = await open(xlsx);
    const sheet = workbook.getWorksheet(items)!;
    const other = workbook.getWorksheet(summary)!;

    // Five items in rows 6–10 (three rows inserted above the template's last item row, 7).
    expect([6, 7, 8, 9, 10].map((row) => sheet.getCell(`A${row}`).value)).toEqual(lineItems.map(([name]) => name));
    expect([6, 7, 8, 9, 10].map((row) => sheet.getCell(`B${row}`).value)).toEqual([2, 1, 3, 10, 1]);
    expect([6, 7, 8, 9, 10].map((row) => formulaOf(sheet, `D${row}`))).toEqual([
      "B6*C6",
      "B7*C7",
      "B8*C8",
      "B9*C9",
      "B10*C10",
    ]);
    expect(sheet.getCell("B1").value).toBe("INV-7");
    expect(sheet.getCell("B18").value).toBe("Acme Ltd");

    // Totals below: the range grows, absolute references move, references above and strings stay.
    expect(sheet.getCell("A11").value).toBe("Total");
    expect(formulaOf(sheet, "D11")).toBe("SUM(D6:D10)");
    expect(formulaOf(sheet, "D12")).toBe("D11*$B$3");
    expect(formulaOf(sheet, "D13")).toBe("$D$11+D12");
    expect(formulaOf(sheet, "E13")).toBe('IF(D13>0,"see D10","")');

    // The other sheet, including its (formerly shared) formulas.
    expect(["B1", "B2", "B3", "B4", "B5", "B6", "B7"].map((address) => formulaOf(other, address))).toEqual([
      `'${items}'!D13`,
      `SUM('${items}'!D6:D10)`,
      `COUNTA('${items}'!A6:A10)`,
      "SUM(Amounts)+GrandTotal",
      `'${items}'!$B$3`,
      `"'${items}'!D10 is the total"`,
      `SUM('${items}'!D:D)`,
    ]);
    expect(["C1", "C2", "C3"].map((address) => formulaOf(other, address))).toEqual([
      `'${items}'!D11`,
      `'${items}'!D12`,
      `'${items}'!D13`,
    ]);
    expect(other.getCell("E1").dataValidation).toMatchObject({ type: "list", formulae: [`'${items}'!$F$23:$F$25`] });
    expect(formatsOf(other).map((format) => [format.ref, format.rules[0].formulae])).toEqual([
      ["B1", [`B1<>'${items}'!$D$13`]],
    ]);

    expect(workbook.definedNames.model).toEqual(
      expect.arrayContaining([
        { name: "Amounts", ranges: [`'${items}'!$D$6:$D$10`] },
        { name: "GrandTotal", ranges: [`'${items}'!$D$13`] },
      ]),
    );
    const zip = await JSZip.loadAsync(xlsx);
    const tableXml = await zip.file(/xl\/tables\/.*\.xml$/)[0].async("string");
    expect(tableXml).toMatch(/<table [^>]*ref="A5:D10"/);
    expect(tableXml).toContain('<autoFilter ref="A5:D10"');
    expect(await zip.file(/xl\/worksheets\/sheet\d\.xml$/)[0].async("string")).not.toContain('t="shared"');

    const merges = sheet.model.merges;
    expect(merges).toEqual(expect.arrayContaining(["A11:C11", "A15:D16"]));
    expect(merges).toHaveLength(2);
    expect(sheet.getCell("A15").value).toBe("Thank you for your business");

    expect(formatsOf(sheet).map((format) => [format.ref, format.rules[0].formulae])).toEqual([
      ["A6:D10", ["$D6>100"]],
      ["D13", ["$D$11"]],
    ]);
    for (const row of [6, 7, 8, 9, 10]) {
      expect(sheet.getCell(`B${row}`).dataValidation).toMatchObject({
        type: "whole",
        operator: "greaterThan",
        formulae: [0],
      });
      expect(sheet.getCell(`A${row}`).dataValidation).toMatchObject({ type: "list", formulae: ["$F$23:$F$25"] });
      expect(sheet.getCell(`A${row}`).font?.italic).toBe(true);
      expect(sheet.getCell(`C${row}`).numFmt).toBe("#,##0.00");
    }
    expect(sheet.getCell("B11").dataValidation).toBeUndefined();
    expect([7, 8, 9, 10].map((row) => sheet.getRow(row).height)).toEqual([21, 21, 21, 21]);
    expect(sheet.getCell("D11").font?.bold).toBe(true);
    expect(sheet.getCell("F23").value).toBe("Widget");
    expect(sheet.pageSetup.printArea).toMatch(/^\$?A\$?1:\$?D\$?19$/);
  });

  it.skipIf(!findSoffice())("computes the right totals when LibreOffice recalculates the filled workbook", async () => {
    const recalculated = await open(
      await convertWithLibreOffice(await fillTemplate(), {
        inputExtension: "xlsx",
        target: "xlsx",
        formatName: "XLSX",
      }),
    );
    const resultOf = (sheetName: string, address: string) =>
      (recalculated.getWorksheet(sheetName)!.getCell(address).value as ExcelJS.CellFormulaValue).result;
    const subtotal = lineItems.reduce((sum, [, quantity, price]) => sum + Number(quantity) * Number(price), 0);
    expect(resultOf(items, "D11")).toBeCloseTo(subtotal);
    expect(resultOf(items, "D12")).toBeCloseTo(subtotal * 0.2);
    expect(resultOf(items, "D13")).toBeCloseTo(subtotal * 1.2);
    expect(resultOf(summary, "B1")).toBeCloseTo(subtotal * 1.2);
    expect(resultOf(summary, "B2")).toBeCloseTo(subtotal);
    expect(resultOf(summary, "B3")).toBe(lineItems.length);
    expect(resultOf(summary, "B4")).toBeCloseTo(subtotal + subtotal * 1.2);
    expect(resultOf(summary, "B5")).toBeCloseTo(0.2);
    expect(["C1", "C2", "C3"].map((address) => resultOf(summary, address))).toEqual(
      [subtotal, subtotal * 0.2, subtotal * 1.2].map((value) => expect.closeTo(value)),
    );
  });
});
