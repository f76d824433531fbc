import JSZip from "jszip";
import { detectType } from "./detect-type";
import type { FormatInfo } from "./formats";
import { countImageFrames } from "./images/image-frames";
import { readDocx } from "./office/read-docx";
import { readDelimited, readWorkbook } from "./office/read-sheets";
import { readText } from "./office/read-text";
import { countPdfPages } from "./pdf/read-pdf";

export interface DocumentInspection {
  type: FormatInfo;
  /** Pages the document will produce; null when only a LibreOffice conversion could tell. */
  pageCount: number | null;
}

async function countSlides(bytes: Buffer): Promise<number> {
  const zip = await JSZip.loadAsync(bytes);
  const presentation = (await zip.file("ppt/presentation.xml")?.async("string")) ?? "";
  return (presentation.match(/<p:sldId\b/g) ?? []).length;
}

/** Type and page count without OCR or rendering, for early page-limit checks. */
export async function inspectDocument(bytes: Buffer, options: { fileName?: string; password?: string } = {}): Promise<DocumentInspection> {
  const type = await detectType(bytes, options.fileName);
  switch (type.reader) {
    case "pdf":
      return { type, pageCount: await countPdfPages(bytes, options.password) };
    case "image":
      return { type, pageCount: await countImageFrames(bytes, type) };
    case "pptx":
      return { type, pageCount: await countSlides(bytes) };
    case "docx":
      return { type, pageCount: (await readDocx(bytes)).length };
    case "sheet":
      return { type, pageCount: (await readWorkbook(bytes)).length };
    case "csv":
      return { type, pageCount: readDelimited(bytes, type.id).length };
    case "text":
      return { type, pageCount: readText(bytes, type).length };
    default:
      return { type, pageCount: null };
  }
}
