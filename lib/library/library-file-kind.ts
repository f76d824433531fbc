import type { LibraryFileKind } from "./schemas";

const TEMPLATE_EXTENSIONS = new Set(["xlsx", "xlsm", "xltx", "xls", "ods", "csv"]);
const TEMPLATE_TYPES = new Set([
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-excel.sheet.macroenabled.12",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.template",
  "application/vnd.ms-excel",
  "application/vnd.oasis.opendocument.spreadsheet",
  "text/csv",
]);

/** Excel and CSV files are kept as templates (the spec's save_to_library rule), anything else as a document. */
export function libraryFileKind(fileName: string, contentType: string): LibraryFileKind {
  const extension = fileName.toLowerCase().split(".").at(-1) ?? "";
  return TEMPLATE_EXTENSIONS.has(extension) || TEMPLATE_TYPES.has(contentType.toLowerCase().split(";")[0].trim())
    ? "template"
    : "document";
}
