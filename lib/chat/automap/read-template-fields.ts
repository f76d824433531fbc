import ExcelJS from "exceljs";
import { identifyExcelTemplate } from "@/lib/fill/excel/identify-excel-template";
import { findTemplateSlots } from "@/lib/fill/excel/template-slots";
import { templateWorkbook } from "@/lib/fill/excel/template-workbook";
import type { TemplateField } from "./automap-fields";

const quoteSheet = (sheet: string) => (/^[A-Za-z0-9_]+$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`);

/**
 * A spreadsheet template's fields as the Excel fill reads them: each label cell with its empty value
 * cell (right of it, below it, or a {{placeholder}}), addressed Sheet!B3 as cell_mappings expects.
 */
export async function readTemplateFields(bytes: Buffer, fileName: string): Promise<TemplateField[]> {
  const template = await identifyExcelTemplate(bytes, fileName);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await templateWorkbook(bytes, template)) as unknown as ArrayBuffer);
  const { labels } = findTemplateSlots(workbook);
  return labels.map((slot) => ({
    name: slot.label.replace(/\s*:\s*$/, "").trim(),
    type: "string" as const,
    cell: `${quoteSheet(slot.sheet)}!${slot.valueCell}`,
  }));
}
