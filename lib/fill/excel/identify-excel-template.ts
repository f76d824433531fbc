import { checkArchiveLimits, isZipArchive } from "@/lib/documents/archive/check-archive-limits";
import { detectType } from "@/lib/documents/detect-type";
import { isDocumentError } from "@/lib/errors/document-error";
import type { FormatInfo } from "@/lib/documents/formats";
import { findSoffice, libreOfficeInstallHint } from "@/lib/documents/office/convert-with-libreoffice";
import { AppError } from "@/lib/errors/app-error";

/**
 * How a template becomes a filled file: read as it is (xlsx, and xltx, which exceljs writes back as
 * a plain workbook), read with its VBA project restored afterwards (xlsm), or converted to xlsx with
 * LibreOffice first (xls, ods, qpw).
 */
export type TemplateHandling = "as_is" | "keep_macros" | "convert";

export interface ExcelTemplate {
  format: FormatInfo;
  handling: TemplateHandling;
  output: { extension: "xlsx" | "xlsm"; contentType: string };
}

const xlsxOutput = {
  extension: "xlsx",
  contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
const xlsmOutput = { extension: "xlsm", contentType: "application/vnd.ms-excel.sheet.macroEnabled.12" } as const;

const accepted =
  "an Excel workbook or template (.xlsx, .xlsm, .xltx, .xls), an OpenDocument spreadsheet (.ods) or a Quattro Pro notebook (.qpw)";

function templateFor(format: FormatInfo): ExcelTemplate | undefined {
  if (format.id === "xlsx" || format.id === "xltx") return { format, handling: "as_is", output: xlsxOutput };
  if (format.id === "xlsm") return { format, handling: "keep_macros", output: xlsmOutput };
  if (format.reader === "libreoffice-xlsx") return { format, handling: "convert", output: xlsxOutput };
  return undefined;
}

/**
 * The template's format, from its bytes: 400 bad_request for anything that is not a fillable
 * spreadsheet, 413 document_too_large for an archive past the office limits, 415 unsupported_format (naming what to install) when it needs LibreOffice and the
 * server has none, as the reading engine answers for such files.
 */
export async function identifyExcelTemplate(bytes: Buffer, fileName: string): Promise<ExcelTemplate> {
  const type = await detectType(bytes, fileName).catch((error: unknown) => {
    if (isDocumentError(error) && error.code === "document_too_large") throw error;
    return null;
  });
  const template = type ? templateFor(type) : undefined;
  if (!type || !template) {
    const what = type ? `a ${type.name} file` : "not a recognised document";
    const hint = type?.kind === "spreadsheet" ? " Save it as .xlsx to fill it." : "";
    throw new AppError("bad_request", `target_excel must be ${accepted}; ${fileName || "the file"} is ${what}.${hint}`);
  }
  // A decompression bomb is refused here (413), before exceljs or LibreOffice unpacks it.
  if (isZipArchive(bytes)) await checkArchiveLimits(bytes);
  if (template.handling === "convert" && !findSoffice()) {
    throw new AppError(
      "unsupported_format",
      `${type.name} templates are converted to .xlsx with LibreOffice, which this server lacks. ${libreOfficeInstallHint}, or send the template as .xlsx.`,
    );
  }
  return template;
}
