/** Largest file the library keeps (the same as the biggest tier's upload). */
export const LIBRARY_MAX_BYTES = 100 * 1024 * 1024;

/** MIME type of each file kind the library knows by its extension; the save route guesses from this table. */
export const LIBRARY_TYPES_BY_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  csv: "text/csv",
  txt: "text/plain",
  md: "text/markdown",
  json: "application/json",
  xml: "application/xml",
  yaml: "application/yaml",
  yml: "application/yaml",
  html: "text/html",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xlsm: "application/vnd.ms-excel.sheet.macroenabled.12",
  xltx: "application/vnd.openxmlformats-officedocument.spreadsheetml.template",
  xls: "application/vnd.ms-excel",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** The extension of a file name, lower case, without the dot ("" when it has none). */
export function fileExtension(fileName: string): string {
  const parts = fileName.toLowerCase().split(".");
  return parts.length > 1 ? (parts.at(-1) ?? "") : "";
}

/** The MIME type the library records for a file name, octet-stream when the extension is unknown. */
export function libraryContentTypeFor(fileName: string): string {
  return LIBRARY_TYPES_BY_EXTENSION[fileExtension(fileName)] ?? "application/octet-stream";
}

/** The file input's accept list: every extension the library knows. */
export const LIBRARY_UPLOAD_ACCEPT = Object.keys(LIBRARY_TYPES_BY_EXTENSION)
  .map((extension) => `.${extension}`)
  .join(",");

/**
 * Why a file picked for the library upload is refused, in the user's words, or undefined when it may be sent:
 * a kind the library does not know, an empty file, or one over the size limit.
 */
export function libraryUploadProblem(file: { name: string; size: number }): string | undefined {
  const extension = fileExtension(file.name);
  if (!(extension in LIBRARY_TYPES_BY_EXTENSION))
    return `${file.name} is not a file the library keeps. Choose a spreadsheet (XLSX, XLSM, XLS, ODS, CSV), a PDF, a Word document (DOCX), an image (PNG, JPEG) or a text file.`;
  if (file.size === 0) return `${file.name} is empty. Choose a file that has content.`;
  if (file.size > LIBRARY_MAX_BYTES)
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the library takes files up to ${LIBRARY_MAX_BYTES / 1024 / 1024} MB.`;
  return undefined;
}
