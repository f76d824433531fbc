import { DocumentError } from "@/lib/errors/document-error";
import { InflateLimitError, inflateEntry } from "./inflate-entry";
import { XmlDepthError, XmlDoctypeError, XmlScanner } from "./xml-scanner";
import { readZipDirectory, type ZipEntry } from "./zip-directory";

/**
 * What an office file (DOCX, XLSX, PPTX, ODF: all ZIP archives of XML) may hold. Set so real
 * documents far beyond the largest page limit (200 pages) pass, while the structures that exhaust
 * a parser's memory (millions of paragraphs or cells, a gigabyte of XML, deep nesting) are refused
 * before any parser sees them. Reading itself then runs in a memory-limited worker as a backstop.
 */
export const archiveLimits = {
  maxEntries: 10_000,
  /** All entries together, measured while inflating (declared sizes are not trusted). */
  maxTotalBytes: 256 * 1024 * 1024,
  /** One XML part (word/document.xml, a worksheet…). */
  maxPartBytes: 64 * 1024 * 1024,
  maxParagraphs: 50_000,
  maxCells: 500_000,
  maxSlides: 1_000,
  maxElements: 2_000_000,
  maxDepth: 128,
};

export type ArchiveLimits = typeof archiveLimits;

export interface ArchiveSummary {
  entries: number;
  totalBytes: number;
  paragraphs: number;
  cells: number;
  slides: number;
  elements: number;
}

const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function isZipArchive(bytes: Buffer): boolean {
  return bytes.subarray(0, 4).equals(zipSignature);
}

const isXmlPart = (name: string): boolean => /\.(xml|rels|vml)$/i.test(name);
const isSlidePart = (name: string): boolean => /^ppt\/slides\/slide\d+\.xml$/i.test(name);
const isWorksheetPart = (name: string): boolean => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);

const count = (value: number): string => value.toLocaleString("en");
const megabytes = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

function tooLarge(message: string): DocumentError {
  return new DocumentError("document_too_large", message);
}

/** Local element names counted as paragraphs or cells (the prefix is whatever the file declares). */
function classify(localName: string, worksheet: boolean): "paragraph" | "cell" | "slide" | undefined {
  if (localName === "p") return "paragraph";
  if (localName === "tc" || localName === "table-cell" || (worksheet && localName === "c")) return "cell";
  if (localName === "page") return "slide"; // an ODF presentation's draw:page
  return undefined;
}

function scanPart(entry: ZipEntry, summary: ArchiveSummary, limits: ArchiveLimits): XmlScanner {
  const worksheet = isWorksheetPart(entry.name);
  return new XmlScanner({
    maxDepth: limits.maxDepth,
    onElement: (localName) => {
      summary.elements++;
      if (summary.elements > limits.maxElements)
        throw tooLarge(
          `The document has more than ${count(limits.maxElements)} XML elements; at most ${count(limits.maxElements)} can be read`,
        );
      const kind = classify(localName, worksheet);
      if (kind === "paragraph" && ++summary.paragraphs > limits.maxParagraphs) {
        throw tooLarge(
          `The document has more than ${count(limits.maxParagraphs)} paragraphs; at most ${count(limits.maxParagraphs)} can be read`,
        );
      }
      if (kind === "cell" && ++summary.cells > limits.maxCells) {
        throw tooLarge(
          `The document has more than ${count(limits.maxCells)} table or sheet cells; at most ${count(limits.maxCells)} can be read`,
        );
      }
      if (kind === "slide" && ++summary.slides > limits.maxSlides) {
        throw tooLarge(
          `The presentation has more than ${count(limits.maxSlides)} slides; at most ${count(limits.maxSlides)} can be read`,
        );
      }
    },
  });
}

async function checkEntry(
  archive: Buffer,
  entry: ZipEntry,
  summary: ArchiveSummary,
  limits: ArchiveLimits,
): Promise<void> {
  const scanner = isXmlPart(entry.name) ? scanPart(entry, summary, limits) : undefined;
  const budget = Math.min(
    isXmlPart(entry.name) ? limits.maxPartBytes : Infinity,
    limits.maxTotalBytes - summary.totalBytes,
  );
  try {
    summary.totalBytes += await inflateEntry(archive, entry, {
      maxBytes: budget,
      onChunk: scanner && ((chunk) => scanner.write(chunk)),
    });
  } catch (error) {
    if (error instanceof InflateLimitError) {
      throw budget < limits.maxPartBytes || !isXmlPart(entry.name)
        ? tooLarge(
            `The document unpacks to more than ${megabytes(limits.maxTotalBytes)}; at most ${megabytes(limits.maxTotalBytes)} can be read`,
          )
        : tooLarge(
            `${entry.name} inside the document unpacks to more than ${megabytes(limits.maxPartBytes)}; at most ${megabytes(limits.maxPartBytes)} per part can be read`,
          );
    }
    if (error instanceof XmlDepthError)
      throw tooLarge(
        `The document nests its elements more than ${limits.maxDepth} levels deep; at most ${limits.maxDepth} can be read`,
      );
    if (error instanceof XmlDoctypeError)
      throw new DocumentError(
        "corrupt_document",
        `${entry.name} inside the document declares a DTD, which office documents may not contain`,
      );
    throw error;
  }
}

/**
 * Unpacks every entry of an office archive as a stream (keeping nothing), measuring real sizes and
 * counting entries, paragraphs, cells, slides, elements and nesting; throws DocumentError
 * (document_too_large, 413) as soon as one passes its limit, before a parser builds anything.
 */
export async function checkArchiveLimits(
  archive: Buffer,
  limits: ArchiveLimits = archiveLimits,
): Promise<ArchiveSummary> {
  const entries = readZipDirectory(archive, { maxEntries: limits.maxEntries });
  const summary: ArchiveSummary = {
    entries: entries.length,
    totalBytes: 0,
    paragraphs: 0,
    cells: 0,
    slides: entries.filter((entry) => isSlidePart(entry.name)).length,
    elements: 0,
  };
  if (summary.slides > limits.maxSlides)
    throw tooLarge(
      `The presentation has ${count(summary.slides)} slides; at most ${count(limits.maxSlides)} can be read`,
    );
  for (const entry of entries) {
    if (!entry.name.endsWith("/")) await checkEntry(archive, entry, summary, limits);
  }
  return summary;
}
