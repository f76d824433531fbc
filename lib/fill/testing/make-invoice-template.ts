import ExcelJS from "exceljs";

/** An invoice template: label cells (one merged), a 2-row line-item table with a calculated column and a SUM below, a second sheet. */
export async function makeInvoiceTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Invoice");
  sheet.getCell("A1").value = "Invoice number:";
  sheet.mergeCells("A2:B2");
  sheet.getCell("A2").value = "Customer";
  sheet.getCell("A3").value = "Date:";
  sheet.getCell("D3").numFmt = "yyyy-mm-dd";
  ["Description", "Quantity", "Unit price", "Amount"].forEach(
    (header, index) => (sheet.getRow(5).getCell(index + 1).value = header),
  );
  for (const row of [6, 7]) {
    sheet.getCell(`D${row}`).value = { formula: `B${row}*C${row}` } as ExcelJS.CellFormulaValue;
    sheet.getCell(`C${row}`).numFmt = "#,##0.00";
    sheet.getCell(`A${row}`).font = { italic: true };
  }
  sheet.getCell("C8").value = "Total";
  sheet.getCell("D8").value = { formula: "SUM(D6:D7)" } as ExcelJS.CellFormulaValue;
  sheet.getCell("D8").font = { bold: true };
  for (const row of [6, 7])
    sheet.getCell(`B${row}`).dataValidation = {
      type: "whole",
      operator: "greaterThan",
      formulae: [0],
      allowBlank: true,
    };
  workbook.addWorksheet("Notes").getCell("A1").value = "Keep me";
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
