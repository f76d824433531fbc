import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { insertTemplateRows } from "./insert-template-rows";

const formulaOf = (sheet: ExcelJS.Worksheet, address: string) =>
  (sheet.getCell(address).value as ExcelJS.CellFormulaValue | null)?.formula;

async function reopen(workbook: ExcelJS.Workbook): Promise<ExcelJS.Workbook> {
  const reopened = new ExcelJS.Workbook();
  await reopened.xlsx.load(await workbook.xlsx.writeBuffer());
  return reopened;
}

describe("insertTemplateRows", () => {
  it("grows a one-row region: totals, formats, validation and the row's merges cover the copies", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Items");
    ["Description", "", "Price", "Amount"].forEach(
      (header, index) => (sheet.getRow(1).getCell(index + 1).value = header || null),
    );
    sheet.mergeCells("A2:B2");
    sheet.getCell("C2").value = 4;
    sheet.getCell("D2").value = { formula: "C2*1.2+SUM(A2:C2)" } as ExcelJS.CellFormulaValue;
    sheet.getCell("C2").dataValidation = { type: "decimal", operator: "greaterThanOrEqual", formulae: [0] };
    sheet.getCell("C2").border = { bottom: { style: "thin" } };
    sheet.addConditionalFormatting({
      ref: "A2:D2",
      rules: [{ type: "expression", priority: 1, formulae: ["$D2>100"], style: { font: { bold: true } } }],
    });
    sheet.getCell("D3").value = { formula: "SUM(D2:D2)" } as ExcelJS.CellFormulaValue;
    sheet.getCell("D4").value = { formula: "D2" } as ExcelJS.CellFormulaValue;
    workbook.addWorksheet("Report").getCell("A1").value = {
      formula: "SUM(Items!D2:D2)+Items!D3",
    } as ExcelJS.CellFormulaValue;

    const loaded = await reopen(workbook);
    insertTemplateRows(loaded, { sheet: loaded.getWorksheet("Items")!, templateRow: 2, count: 3 });
    const result = await reopen(loaded);
    const items = result.getWorksheet("Items")!;

    expect([2, 3, 4, 5].map((row) => formulaOf(items, `D${row}`))).toEqual(
      [2, 3, 4, 5].map((row) => `C${row}*1.2+SUM(A${row}:C${row})`),
    );
    expect(items.getCell("C5").value).toBe(4);
    expect([2, 3, 4].map((row) => items.getCell(`C${row}`).value)).toEqual([null, null, null]);
    expect(formulaOf(items, "D6")).toBe("SUM(D2:D5)");
    // A single cell follows the row it named, as in Excel.
    expect(formulaOf(items, "D7")).toBe("D5");
    expect(formulaOf(result.getWorksheet("Report")!, "A1")).toBe("SUM(Items!D2:D5)+Items!D6");
    expect(items.model.merges.sort()).toEqual(["A2:B2", "A3:B3", "A4:B4", "A5:B5"]);
    const formats = (
      items as unknown as { conditionalFormattings: Array<{ ref: string; rules: Array<{ formulae: string[] }> }> }
    ).conditionalFormattings;
    expect(formats.map((format) => [format.ref, format.rules[0].formulae])).toEqual([["A2:D5", ["$D2>100"]]]);
    for (const row of [2, 3, 4, 5]) {
      expect(items.getCell(`C${row}`).dataValidation).toMatchObject({ type: "decimal", formulae: [0] });
      expect(items.getCell(`C${row}`).border?.bottom?.style).toBe("thin");
    }
    expect(items.getCell("C6").dataValidation).toBeUndefined();
  });

  it("moves merges spanning and below the insertion with their cells' styles", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Sheet 1");
    sheet.mergeCells("E2:E4");
    sheet.mergeCells("A6:C7");
    sheet.getCell("A6").value = "Notes";
    sheet.getCell("C7").border = { right: { style: "thick" } };
    sheet.mergeCells("A1:B1");
    const loaded = await reopen(workbook);
    insertTemplateRows(loaded, { sheet: loaded.getWorksheet("Sheet 1")!, templateRow: 3, count: 2 });
    const result = (await reopen(loaded)).getWorksheet("Sheet 1")!;
    expect(result.model.merges.sort()).toEqual(["A1:B1", "A8:C9", "E2:E6"]);
    expect(result.getCell("A8").value).toBe("Notes");
    expect(result.getCell("C9").border?.right?.style).toBe("thick");
  });
});
