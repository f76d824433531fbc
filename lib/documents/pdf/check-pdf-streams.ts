import { constants, inflateSync } from "node:zlib";
import { DocumentError } from "@/lib/errors/document-error";

/** The most one stream other than an image may inflate to (content, object streams, fonts). */
export const MAX_PDF_STREAM_BYTES = 128 * 1024 * 1024;
/** The most all such streams of one PDF may inflate to together. */
export const MAX_PDF_STREAMS_TOTAL_BYTES = 1024 * 1024 * 1024;

const MB = 1024 * 1024;
const LF = 0x0a;
const CR = 0x0d;

/** Each `stream` keyword followed by an end of line, with where its line ends. */
function* streamKeywords(bytes: Buffer): Generator<{ keyword: number; dataStart: number }> {
  for (let at = bytes.indexOf("stream", 0, "latin1"); at !== -1; at = bytes.indexOf("stream", at + 6, "latin1")) {
    const after = at + 6;
    if (bytes[after] === LF) yield { keyword: at, dataStart: after + 1 };
    else if (bytes[after] === CR && bytes[after + 1] === LF) yield { keyword: at, dataStart: after + 2 };
  }
}

/**
 * Refuses (413 document_too_large) a PDF whose content, object or font streams inflate past their
 * limits, before pdfjs or pdf-lib decode any: both keep a decoded stream whole in memory, so a 4 KB
 * file whose content stream inflates to 2 GB would exhaust the server. Each FlateDecode-only stream
 * is inflated here with a cap on its output. Image streams are skipped: the readers take only the
 * bytes their declared size needs. Streams with other filters, or too damaged to inflate, are left
 * to the readers, which refuse what they cannot read.
 */
export function assertPdfStreamsBounded(bytes: Buffer): void {
  // Searched in the bytes, never as one string: a 200-page scan would be a 70 MB string beside the file.
  const text = (start: number, end: number) => bytes.toString("latin1", Math.max(0, start), end);
  let total = 0;
  for (const { keyword, dataStart } of streamKeywords(bytes)) {
    if (keyword >= 3 && text(keyword - 3, keyword) === "end") continue;
    const objectStart = bytes.lastIndexOf(" obj", keyword, "latin1");
    if (objectStart === -1 || keyword - objectStart > 64 * 1024) continue;
    const dictionary = text(objectStart, keyword);
    if (/\/Subtype\s*\/Image\b/.test(dictionary) || !isFlateOnly(dictionary)) continue;
    const dataEnd = streamEnd(bytes, dictionary, dataStart);
    if (dataEnd === undefined) continue;
    const size = inflatedSize(bytes.subarray(dataStart, dataEnd), layersOf(dictionary));
    if (size === undefined) continue;
    total += size;
    const objectNumber = /(\d+)\s+\d+\s*$/.exec(text(objectStart - 24, objectStart))?.[1];
    if (size > MAX_PDF_STREAM_BYTES)
      throw new DocumentError(
        "document_too_large",
        `The PDF's stream${objectNumber ? ` in object ${objectNumber}` : ""} inflates to more than ${MAX_PDF_STREAM_BYTES / MB} MB, the most one content, font or object stream may hold`,
      );
    if (total > MAX_PDF_STREAMS_TOTAL_BYTES)
      throw new DocumentError(
        "document_too_large",
        `The PDF's content, font and object streams inflate to more than ${MAX_PDF_STREAMS_TOTAL_BYTES / MB} MB together, the most one PDF may hold`,
      );
  }
}

function filtersOf(dictionary: string): string[] {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary)?.[1] ?? "";
  return filter.match(/\/[A-Za-z0-9]+/g) ?? [];
}

function isFlateOnly(dictionary: string): boolean {
  const filters = filtersOf(dictionary);
  return filters.length > 0 && filters.every((name) => name === "/FlateDecode" || name === "/Fl");
}

function layersOf(dictionary: string): number {
  return filtersOf(dictionary).length;
}

/** Where the stream's data ends: its direct /Length when that lands on `endstream`, else the next `endstream`. */
function streamEnd(bytes: Buffer, dictionary: string, dataStart: number): number | undefined {
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)?.[1];
  if (length !== undefined) {
    const end = dataStart + Number(length);
    if (end <= bytes.length && /^\s*endstream/.test(bytes.toString("latin1", end, end + 16))) return end;
  }
  const end = bytes.indexOf("endstream", dataStart, "latin1");
  return end === -1 ? undefined : end;
}

/** Bytes after every Flate layer, or past the cap (MAX + 1); undefined when the data does not inflate. */
function inflatedSize(data: Buffer, layers: number): number | undefined {
  let current = data;
  for (let layer = 0; layer < layers; layer++) {
    try {
      // Z_SYNC_FLUSH: a truncated stream yields what it holds, as the readers would read it.
      current = inflateSync(current, { maxOutputLength: MAX_PDF_STREAM_BYTES, finishFlush: constants.Z_SYNC_FLUSH });
    } catch (error) {
      if (error instanceof RangeError) return MAX_PDF_STREAM_BYTES + 1;
      return undefined;
    }
  }
  return current.length;
}
