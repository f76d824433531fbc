import type { Db } from "@/lib/db";
import { detectType } from "@/lib/documents/detect-type";
import { AppError } from "@/lib/http/errors";
import { loadWorkbook } from "../excel/fill-workbook";
import { parseCellMappings } from "../excel/parse-cell-mappings";
import type { FillExcelForm } from "./fill-forms";
import type { FillExcelJobInput } from "./fill-job-input";
import { startFillJob, type FillAnswer } from "./start-fill-job";

/**
 * POST /v1/fill/excel: smart needs source_files, explicit needs cell_mappings (400 no_source_data);
 * the target must be an XLSX workbook (400), and cell_mappings must name its sheets (422). Then a
 * fill_excel job (202).
 */
export async function submitFillExcel(db: Db, input: { userId: string; tier: string; apiKeyId: string | null; form: FillExcelForm }): Promise<FillAnswer> {
  const { form } = input;
  const sources = form.source_files ?? [];
  if (form.fill_mode === "smart" && sources.length === 0 && !form.cell_mappings) throw new AppError("no_source_data", "fill_mode smart needs source_files (or cell_mappings).");
  if (form.fill_mode === "explicit" && !form.cell_mappings) throw new AppError("no_source_data", "fill_mode explicit needs cell_mappings, e.g. {\"Sheet1!B3\":\"Acme Ltd\"}.");
  const bytes = Buffer.from(await form.target_excel.arrayBuffer());
  const type = await detectType(bytes, form.target_excel.name).catch(() => null);
  if (type?.id !== "xlsx") {
    throw new AppError("bad_request", `target_excel must be an .xlsx workbook; ${form.target_excel.name || "the file"} is ${type ? `a ${type.name} file` : "not a recognised document"}. Save legacy .xls/.ods templates as .xlsx.`);
  }
  if (form.cell_mappings) parseCellMappings(form.cell_mappings, (await loadWorkbook(bytes)).worksheets.map((sheet) => sheet.name));
  const options: Omit<FillExcelJobInput, "target" | "sources" | "ocrModel"> = { fillMode: form.fill_mode, cellMappings: form.cell_mappings };
  return startFillJob(db, {
    ...input,
    type: "fill_excel",
    target: { bytes, name: form.target_excel.name || "template.xlsx", extension: "xlsx" },
    sources: form.fill_mode === "explicit" ? [] : sources,
    ocrModel: form.model,
    webhookUrl: form.webhook_url,
    event: "docsvc/fill-excel.requested",
    options,
  });
}
