import type { Db } from "@/lib/db";
import { toV1RequestError } from "@/lib/v1/errors/to-v1-error";
import { AppError } from "@/lib/errors/app-error";
import { readLibraryFile } from "@/lib/library/read-library-file";
import type { BlobStore } from "@/lib/storage";
import { loadWorkbook } from "@/lib/fill/excel/fill-workbook";
import { identifyExcelTemplate } from "@/lib/fill/excel/identify-excel-template";
import { parseCellMappings } from "@/lib/fill/excel/parse-cell-mappings";
import { templateWorkbook } from "@/lib/fill/excel/template-workbook";
import type { FillExcelForm } from "./fill-forms";
import type { FillExcelJobInput } from "./fill-job-input";
import { startFillJob, type FillAnswer } from "./start-fill-job";

/**
 * POST /v1/fill/excel: smart needs source_files, explicit needs cell_mappings (400 no_source_data);
 * the target must be a spreadsheet template (xlsx, xlsm, xltx, or xls/ods/qpw when LibreOffice is
 * installed: 400, 415), and cell_mappings must name its sheets (422). Then a fill_excel job (202).
 */
export async function submitFillExcel(input: {
  db: Db;
  store: BlobStore;
  userId: string;
  tier: string;
  apiKeyId: string | null;
  form: FillExcelForm;
}): Promise<FillAnswer> {
  const { db, store, form } = input;
  const sources = form.source_files ?? [];
  if (form.fill_mode === "smart" && sources.length === 0 && !form.cell_mappings)
    throw new AppError("no_source_data", "fill_mode smart needs source_files (or cell_mappings).");
  if (form.fill_mode === "explicit" && !form.cell_mappings)
    throw new AppError("no_source_data", 'fill_mode explicit needs cell_mappings, e.g. {"Sheet1!B3":"Acme Ltd"}.');
  const target = await templateFile({ db, store, userId: input.userId, form });
  const bytes = target.bytes;
  const template = await identifyExcelTemplate(bytes, target.name);
  if (form.cell_mappings) {
    // A template that needs converting is converted here only to learn its sheet names; the job converts it again.
    const workbook = await templateWorkbook(bytes, template).catch((error: unknown) => {
      throw toV1RequestError(error);
    });
    parseCellMappings(
      form.cell_mappings,
      (await loadWorkbook(workbook)).worksheets.map((sheet) => sheet.name),
    );
  }
  const options: Omit<FillExcelJobInput, "target" | "sources" | "ocrModel"> = {
    fillMode: form.fill_mode,
    cellMappings: form.cell_mappings,
  };
  return startFillJob({
    ...input,
    type: "fill_excel",
    target: {
      bytes,
      name: target.name || `template.${template.format.extensions[0]}`,
      extension: template.format.extensions[0],
    },
    sources: form.fill_mode === "explicit" ? [] : sources,
    ocrModel: form.model,
    webhookUrl: form.webhook_url,
    options,
  });
}

/** The uploaded template, or the library template named by target_excel_id (404 when not the user's). */
async function templateFile({
  db,
  store,
  userId,
  form,
}: {
  db: Db;
  store: BlobStore;
  userId: string;
  form: FillExcelForm;
}): Promise<{ bytes: Buffer; name: string }> {
  if (form.target_excel)
    return { bytes: Buffer.from(await form.target_excel.arrayBuffer()), name: form.target_excel.name };
  const { file, bytes } = await readLibraryFile({
    db,
    store,
    userId,
    fileId: form.target_excel_id ?? "",
  });
  return { bytes, name: file.fileName };
}
