import ExcelJS from "exceljs";
import { checkArchiveLimits } from "@/lib/documents/archive/check-archive-limits";
import { AppError } from "@/lib/errors/app-error";
import type { SourceDocument } from "../map/source-document";
import type { CellWrite } from "./cell-writes";
import { parseCellMappings } from "./parse-cell-mappings";
import { planSmartFill } from "./plan-smart-fill";
import { findTemplateSlots } from "./template-slots";
import { writeWorkbook } from "./write-workbook";

export type FillMode = "smart" | "explicit";

export interface FillWorkbookResult {
  xlsx: Buffer;
  cells: CellWrite[];
  /** Label cells and table regions found in the template (smart mode). */
  slots: { labels: number; tables: number };
}

/**
 * Opens an XLSX template, after measuring it against the office archive limits (413
 * document_too_large); corrupt_file when exceljs cannot read it (its own message stays in the cause:
 * it names exceljs internals, not the problem).
 */
export async function loadWorkbook(xlsx: Buffer): Promise<ExcelJS.Workbook> {
  await checkArchiveLimits(xlsx);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  } catch (error) {
    throw new AppError("corrupt_file", "The workbook cannot be read: it is damaged or is not an Excel workbook", {
      cause: error,
    });
  }
  return workbook;
}

/**
 * Fills an XLSX template. smart: label cells and table regions filled from the source documents,
 * then cell_mappings on top; explicit: cell_mappings only. Pure: bytes in, bytes out.
 */
export async function fillWorkbook(options: {
  xlsx: Buffer;
  mode: FillMode;
  sources: SourceDocument[];
  cellMappings?: Record<string, unknown>;
}): Promise<FillWorkbookResult> {
  const workbook = await loadWorkbook(options.xlsx);
  const sheetNames = workbook.worksheets.map((sheet) => sheet.name);
  const explicit = options.cellMappings ? parseCellMappings(options.cellMappings, sheetNames) : [];
  let slots = { labels: 0, tables: 0 };
  let written: CellWrite[] = [];
  if (options.mode === "smart") {
    const found = findTemplateSlots(workbook);
    slots = { labels: found.labels.length, tables: found.tables.length };
    const planned = planSmartFill({ labels: found.labels, tables: found.tables, sources: options.sources });
    const overridden = new Set(explicit.map((write) => `${write.sheet}!${write.cell}`));
    written = writeWorkbook(workbook, {
      cells: planned.cells.filter((write) => !overridden.has(`${write.sheet}!${write.cell}`)),
      tables: planned.tables,
    });
  }
  written.push(...writeWorkbook(workbook, { cells: explicit, tables: [] }));
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  return { xlsx, cells: written, slots };
}
