import type { FormatInfo } from "../formats";
import { readPdf } from "../pdf/read-pdf";
import type { ReadOptions } from "../read-options";
import type { Page, SourceTable } from "@/lib/pages/types";
import { convertWithLibreOffice, findSoffice } from "./convert-with-libreoffice";
import { assignPrintedPages, MAX_STACKED_PAGES, stackPages } from "./stack-printed-pages";

// Office files read natively have text but no picture of the page: the viewer had boxes on a blank
// sheet. When the page images are wanted and LibreOffice is installed, the file is printed to PDF
// by LibreOffice, and both the page images and the word boxes are read from that PDF, so boxes and
// image coincide. The native reading still supplies what only it knows (a sheet's or a document's
// tables, the sheet name), placed on the printed page that shows the table's first row.
// The native count is what uploads were limited by and reserved for. When LibreOffice prints more
// pages, the printed pages are stacked onto the counted ones (stack-printed-pages.ts); when it prints
// fewer, the document is the printed pages: those are what the file looks like, and a page cannot be
// cut in two without cutting through its text. It is then charged for fewer pages than were
// reserved (the batch records the smaller count). Without LibreOffice, if the conversion fails, or if
// the printed pages miss much of the native text, the native pages are kept (no image: the viewer
// shows their text).

const normalize = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** Share of the native reading's words the printed pages must hold to stand for the file on fewer pages. */
const minPrintedShare = 0.8;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Share of the native words (each occurrence) that the printed text holds. */
function printedShare(printed: Page[], native: Page[]): number {
  const available = new Map<string, number>();
  for (const word of printed.flatMap((page) => wordsOf(page.text))) available.set(word, (available.get(word) ?? 0) + 1);
  const wanted = native.flatMap((page) => wordsOf(page.text));
  let found = 0;
  for (const word of wanted) {
    const left = available.get(word) ?? 0;
    if (left > 0) {
      found++;
      available.set(word, left - 1);
    }
  }
  return wanted.length === 0 ? 1 : found / wanted.length;
}

/** The printed page whose text holds the table's first non-empty row, else the first page. */
function pageOfTable(table: SourceTable, pages: Page[]): Page {
  const firstRow = table.rows.find((row) => row.some((cell) => cell.trim() !== ""));
  const cells = (firstRow ?? []).map(normalize).filter((cell) => cell !== "");
  const holds = (page: Page) => {
    const text = normalize(page.text);
    return cells.every((cell) => text.includes(cell));
  };
  return pages.find(holds) ?? pages[0];
}

function carryNativeStructure(printed: Page[], native: Page[]): void {
  for (const page of native) {
    for (const table of page.tables ?? []) {
      const target = pageOfTable(table, printed);
      // The native box is in the native layout's coordinates, not the printed page's.
      (target.tables ??= []).push({ rows: table.rows });
      if (page.sheetName && !target.sheetName) target.sheetName = page.sheetName;
    }
  }
}

/**
 * The office file's pages as LibreOffice prints them (images and boxes from the same PDF), with
 * the native reading's tables: never more pages than the native reading counted, fewer when
 * LibreOffice prints fewer. The native pages themselves when images are not wanted, LibreOffice is
 * missing or the conversion fails.
 */
export async function readOfficeAsPdf({
  bytes,
  format,
  options,
  readNatively,
}: {
  bytes: Buffer;
  format: FormatInfo;
  options: ReadOptions;
  readNatively: () => Promise<Page[]>;
}): Promise<Page[]> {
  const native = await readNatively();
  if (!options.renderImages || !findSoffice() || native.every((page) => page.text.trim() === "")) return native;
  let printed: Page[];
  try {
    const pdf = await convertWithLibreOffice(bytes, {
      inputExtension: format.extensions[0],
      target: "pdf",
      formatName: format.name,
    });
    // Pages (and their times) are reported by the caller once read; readPdf must not report them a second time.
    // Every printed page's image is made now: the original is not a PDF to render it from later.
    printed = await readPdf(pdf, {
      ...options,
      renderImages: true,
      password: undefined,
      pages: undefined,
      onPage: undefined,
      onStageTime: undefined,
    });
  } catch (error) {
    console.warn(
      `docsvc: ${format.name} pages shown as text: LibreOffice could not print the file: ${error instanceof Error ? error.message : String(error)}`,
    );
    return native;
  }
  if (printed.every((page) => page.error)) return native;
  let pages = printed.map((page): Page => (page.source === "text_layer" ? { ...page, source: "office" } : page));
  if (printed.length < native.length) {
    const share = printedShare(pages, native);
    if (share < minPrintedShare) {
      console.warn(
        `docsvc: ${format.name} pages shown as text: LibreOffice printed ${printed.length} pages where ${native.length} were counted, with ${Math.round(share * 100)}% of the text`,
      );
      return native;
    }
  } else if (printed.length > native.length) {
    // Pages were counted (and reserved, and limited) from the native reading at upload: more printed
    // pages are stacked onto the counted ones.
    const assignment = assignPrintedPages(
      pages.map((page) => page.text),
      native.map((page) => page.text),
    );
    const groups = native.map((_, index) => pages.filter((__, printedIndex) => assignment?.[printedIndex] === index));
    if (!assignment || groups.some((group) => group.length > MAX_STACKED_PAGES)) {
      console.warn(
        `docsvc: ${format.name} pages shown as text: LibreOffice printed ${printed.length} pages where ${native.length} were counted`,
      );
      return native;
    }
    pages = await Promise.all(groups.map((group, index) => stackPages(group, native[index].pageNumber)));
  }
  carryNativeStructure(pages, native);
  return pages;
}
