import type { SourceDocument } from "../map/source-document";
import { fillWorkbook, type FillMode, type FillWorkbookResult } from "./fill-workbook";
import { identifyExcelTemplate, type ExcelTemplate } from "./identify-excel-template";
import { restoreVbaProject } from "./restore-vba-project";
import { templateWorkbook } from "./template-workbook";

export interface FillExcelTemplateResult extends Omit<FillWorkbookResult, "xlsx"> {
  /** The filled file, in `template.output`'s format. */
  file: Buffer;
  template: ExcelTemplate;
  /** What the client should know about the output's format (a conversion, a template saved as a workbook). */
  notes: string[];
}

function notesFor(template: ExcelTemplate): string[] {
  const extension = template.format.extensions[0];
  if (template.handling === "convert") {
    return [
      `The ${template.format.name} (.${extension}) template was converted to .xlsx with LibreOffice before filling, so the download is an .xlsx workbook; macros are not carried over.`,
    ];
  }
  if (template.format.id === "xltx") return ["The Excel template (.xltx) was filled and saved as an .xlsx workbook."];
  return [];
}

/**
 * Fills a spreadsheet template of any accepted format (identify-excel-template.ts) and returns the
 * file in its output format: .xlsm keeps its macros; .xltx becomes a workbook (exceljs always writes
 * the workbook part as spreadsheetml.sheet.main); .xls, .ods and .qpw are filled as their .xlsx conversion.
 */
export async function fillExcelTemplate(options: {
  template: Buffer;
  fileName: string;
  mode: FillMode;
  sources: SourceDocument[];
  cellMappings?: Record<string, unknown>;
}): Promise<FillExcelTemplateResult> {
  const template = await identifyExcelTemplate(options.template, options.fileName);
  const filled = await fillWorkbook({
    xlsx: await templateWorkbook(options.template, template),
    mode: options.mode,
    sources: options.sources,
    cellMappings: options.cellMappings,
  });
  const file =
    template.handling === "keep_macros"
      ? await restoreVbaProject({ template: options.template, filled: filled.xlsx })
      : filled.xlsx;
  return { file, cells: filled.cells, slots: filled.slots, template, notes: notesFor(template) };
}
