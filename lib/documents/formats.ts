// Every input format the engine reads. GET /v1/formats is generated from this table, and every
// entry is exercised by lib/documents/read-formats.test.ts with a sample the test generates.

export type FormatKind = "document" | "spreadsheet" | "presentation" | "image" | "text";

/** Which reader turns the bytes into pages. */
export type FormatReader =
  "pdf" | "image" | "docx" | "sheet" | "pptx" | "text" | "csv" | "libreoffice-pdf" | "libreoffice-xlsx";

export interface FormatInfo {
  id: string;
  name: string;
  extensions: string[];
  mime: string;
  kind: FormatKind;
  reader: FormatReader;
  /** Needs LibreOffice (`soffice`) installed on the server. */
  requiresLibreOffice: boolean;
}

type FormatRow = [id: string, name: string, extensions: string[], mime: string, kind: FormatKind, reader: FormatReader];

const rows: FormatRow[] = [
  ["pdf", "PDF", ["pdf"], "application/pdf", "document", "pdf"],
  [
    "docx",
    "Word document",
    ["docx"],
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "document",
    "docx",
  ],
  [
    "docm",
    "Word macro-enabled document",
    ["docm"],
    "application/vnd.ms-word.document.macroEnabled.12",
    "document",
    "docx",
  ],
  [
    "dotx",
    "Word template",
    ["dotx"],
    "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
    "document",
    "docx",
  ],
  ["doc", "Word 97–2003 document", ["doc"], "application/msword", "document", "libreoffice-pdf"],
  ["rtf", "Rich Text Format", ["rtf"], "application/rtf", "document", "libreoffice-pdf"],
  ["odt", "OpenDocument text", ["odt"], "application/vnd.oasis.opendocument.text", "document", "libreoffice-pdf"],
  ["wpd", "WordPerfect document", ["wpd", "wp", "wp5"], "application/vnd.wordperfect", "document", "libreoffice-pdf"],
  ["txt", "Plain text", ["txt", "text", "log"], "text/plain", "text", "text"],
  ["md", "Markdown", ["md", "markdown"], "text/markdown", "text", "text"],
  ["html", "HTML", ["html", "htm"], "text/html", "text", "text"],
  ["xml", "XML", ["xml"], "application/xml", "text", "text"],
  ["json", "JSON", ["json"], "application/json", "text", "text"],
  [
    "xlsx",
    "Excel workbook",
    ["xlsx"],
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "spreadsheet",
    "sheet",
  ],
  [
    "xlsm",
    "Excel macro-enabled workbook",
    ["xlsm"],
    "application/vnd.ms-excel.sheet.macroEnabled.12",
    "spreadsheet",
    "sheet",
  ],
  [
    "xltx",
    "Excel template",
    ["xltx"],
    "application/vnd.openxmlformats-officedocument.spreadsheetml.template",
    "spreadsheet",
    "sheet",
  ],
  ["xls", "Excel 97–2003 workbook", ["xls"], "application/vnd.ms-excel", "spreadsheet", "libreoffice-xlsx"],
  [
    "ods",
    "OpenDocument spreadsheet",
    ["ods"],
    "application/vnd.oasis.opendocument.spreadsheet",
    "spreadsheet",
    "libreoffice-xlsx",
  ],
  ["qpw", "Quattro Pro 9+ notebook", ["qpw"], "application/x-quattropro", "spreadsheet", "libreoffice-xlsx"],
  ["csv", "Comma-separated values", ["csv"], "text/csv", "spreadsheet", "csv"],
  ["tsv", "Tab-separated values", ["tsv", "tab"], "text/tab-separated-values", "spreadsheet", "csv"],
  [
    "pptx",
    "PowerPoint presentation",
    ["pptx"],
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "presentation",
    "pptx",
  ],
  [
    "pptm",
    "PowerPoint macro-enabled presentation",
    ["pptm"],
    "application/vnd.ms-powerpoint.presentation.macroEnabled.12",
    "presentation",
    "pptx",
  ],
  [
    "ppt",
    "PowerPoint 97–2003 presentation",
    ["ppt"],
    "application/vnd.ms-powerpoint",
    "presentation",
    "libreoffice-pdf",
  ],
  [
    "odp",
    "OpenDocument presentation",
    ["odp"],
    "application/vnd.oasis.opendocument.presentation",
    "presentation",
    "libreoffice-pdf",
  ],
  ["png", "PNG image", ["png"], "image/png", "image", "image"],
  ["jpeg", "JPEG image", ["jpg", "jpeg", "jpe", "jfif"], "image/jpeg", "image", "image"],
  ["tiff", "TIFF image (multi-page)", ["tif", "tiff"], "image/tiff", "image", "image"],
  ["bmp", "Bitmap image", ["bmp", "dib"], "image/bmp", "image", "image"],
  ["gif", "GIF image", ["gif"], "image/gif", "image", "image"],
  ["webp", "WebP image", ["webp"], "image/webp", "image", "image"],
  ["avif", "AVIF image", ["avif"], "image/avif", "image", "image"],
  ["heic", "HEIC image (HEVC, e.g. iPhone photos)", ["heic", "heif"], "image/heic", "image", "image"],
  ["psd", "Photoshop document", ["psd"], "image/vnd.adobe.photoshop", "image", "image"],
  ["svg", "SVG image", ["svg"], "image/svg+xml", "image", "image"],
];

export const formats: readonly FormatInfo[] = rows.map(([id, name, extensions, mime, kind, reader]) => ({
  id,
  name,
  extensions,
  mime,
  kind,
  reader,
  requiresLibreOffice: reader.startsWith("libreoffice"),
}));

export function formatById(id: string): FormatInfo {
  const format = formats.find((candidate) => candidate.id === id);
  if (!format) throw new Error(`No format "${id}" in the registry`);
  return format;
}

export function formatByExtension(fileName: string | undefined): FormatInfo | undefined {
  const extension = fileName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return extension ? formats.find((format) => format.extensions.includes(extension)) : undefined;
}
