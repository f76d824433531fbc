import { readEntryText } from "./archive/inflate-entry";
import { readZipDirectory } from "./archive/zip-directory";
import { archiveLimits } from "./archive/check-archive-limits";
import { DocumentError } from "@/lib/errors/document-error";
import { formatByExtension, formatById, formats, type FormatInfo } from "./formats";

// The type comes from the bytes, never the name alone: the name only chooses between text formats
// that share a byte signature (txt, csv, md…).

const ooxmlContentTypes: Array<[string, string]> = [
  ["wordprocessingml.document.main+xml", "docx"],
  ["ms-word.document.macroEnabled.main+xml", "docm"],
  ["wordprocessingml.template.main+xml", "dotx"],
  ["spreadsheetml.sheet.main+xml", "xlsx"],
  ["ms-excel.sheet.macroEnabled.main+xml", "xlsm"],
  ["spreadsheetml.template.main+xml", "xltx"],
  ["presentationml.presentation.main+xml", "pptx"],
  ["ms-powerpoint.presentation.macroEnabled.main+xml", "pptm"],
];

const odfMimeTypes: Record<string, string> = {
  "application/vnd.oasis.opendocument.text": "odt",
  "application/vnd.oasis.opendocument.spreadsheet": "ods",
  "application/vnd.oasis.opendocument.presentation": "odp",
};

// Stream names in an OLE2 compound file's directory, stored as UTF-16LE.
const oleStreams: Array<[string, string]> = [
  ["WordDocument", "doc"],
  ["Workbook", "xls"],
  ["Book", "xls"],
  ["PowerPoint Document", "ppt"],
  // Quattro Pro 9 and later (Corel WordPerfect Office) keep the notebook in this stream.
  ["NativeContent_MAIN", "qpw"],
];

function startsWith(bytes: Buffer, signature: number[] | string, offset = 0): boolean {
  const expected = typeof signature === "string" ? Buffer.from(signature, "latin1") : Buffer.from(signature);
  return bytes.length >= offset + expected.length && bytes.subarray(offset, offset + expected.length).equals(expected);
}

// Only the two small parts that name the type are unpacked, each with a cap: a bomb is measured
// later, by checkArchiveLimits, before any parser opens the archive.
const maxTypePartBytes = 1024 * 1024;

async function detectZip(bytes: Buffer): Promise<string | undefined> {
  const entries = readZipDirectory(bytes, { maxEntries: archiveLimits.maxEntries });
  const entryText = (name: string) => {
    const entry = entries.find((candidate) => candidate.name === name);
    return entry ? readEntryText(bytes, entry, maxTypePartBytes) : undefined;
  };
  const mimetype = await entryText("mimetype");
  if (mimetype && odfMimeTypes[mimetype.trim()]) return odfMimeTypes[mimetype.trim()];
  const contentTypes = await entryText("[Content_Types].xml");
  if (!contentTypes) return undefined;
  return ooxmlContentTypes.find(([marker]) => contentTypes.includes(marker))?.[1];
}

function detectOle(bytes: Buffer): string | undefined {
  // Office keeps a password-protected DOCX/XLSX/PPTX as an OLE2 file holding the encrypted package.
  if (bytes.includes(Buffer.from("EncryptedPackage\0", "utf16le"))) {
    throw new DocumentError(
      "password_required",
      "The Office document is encrypted with a password; save it without one and upload it again",
    );
  }
  return oleStreams.find(([name]) => bytes.includes(Buffer.from(`${name}\0`, "utf16le")))?.[1];
}

function detectIsoMedia(bytes: Buffer): string | undefined {
  if (!startsWith(bytes, "ftyp", 4)) return undefined;
  const boxSize = Math.min(bytes.readUInt32BE(0), 64, bytes.length);
  const brands = bytes.subarray(8, boxSize).toString("latin1");
  if (/avif|avis/.test(brands)) return "avif";
  if (/hei[cx]|hev[cx]/.test(brands)) return "heic";
  return undefined;
}

/** Text that decodes as UTF-8 without control characters other than whitespace. */
function isText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  const text = new TextDecoder("utf-8", { fatal: false }).decode(sample);
  const replaced = (text.match(/\uFFFD/g) ?? []).length;
  const controls = (text.match(/[\u0000-\u0008\u000E-\u001F]/g) ?? []).length;
  return (replaced + controls) / Math.max(text.length, 1) < 0.01;
}

function detectText(bytes: Buffer, fileName?: string): string {
  const head = bytes
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (/^<\?xml[\s\S]*<svg[\s>]/i.test(head) || /^<svg[\s>]/i.test(head)) return "svg";
  if (/^(<!doctype html|<html[\s>])/i.test(head)) return "html";
  if (/^<\?xml/i.test(head)) return "xml";
  const byName = formatByExtension(fileName);
  if (byName && ["text", "csv"].includes(byName.reader)) return byName.id;
  if (/^[[{]/.test(head)) {
    try {
      JSON.parse(bytes.toString("utf8"));
      return "json";
    } catch {
      // Not JSON after all; falls through to plain text.
    }
  }
  return "txt";
}

/** The format of a file from its bytes. Throws DocumentError (empty_document / unsupported_format). */
export async function detectType(bytes: Buffer, fileName?: string): Promise<FormatInfo> {
  if (bytes.length === 0) throw new DocumentError("empty_document", "The file is empty");
  const id = await detectId(bytes, fileName);
  if (!id) {
    const supported = formats.map((format) => format.id).join(", ");
    throw new DocumentError(
      "unsupported_format",
      `Unsupported file type${fileName ? ` (${fileName})` : ""}. Supported formats: ${supported}`,
    );
  }
  return formatById(id);
}

async function detectId(bytes: Buffer, fileName?: string): Promise<string | undefined> {
  if (bytes.subarray(0, 1024).includes(Buffer.from("%PDF-"))) return "pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a")) return "gif";
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8)) return "webp";
  if (startsWith(bytes, "8BPS")) return "psd";
  if (startsWith(bytes, "BM") && bytes.length > 26 && bytes.readUInt32LE(14) >= 12) return "bmp";
  if (startsWith(bytes, [0xff, 0x57, 0x50, 0x43])) return "wpd";
  if (startsWith(bytes, "{\\rtf")) return "rtf";
  const media = detectIsoMedia(bytes);
  if (media) return media;
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return detectZip(bytes);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return detectOle(bytes);
  if (isText(bytes)) return detectText(bytes, fileName);
  return undefined;
}
