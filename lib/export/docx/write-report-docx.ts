import {
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import JSZip from "jszip";
import type { Db } from "@/lib/db";
import type { ExportPageOverride } from "../export-schemas";
import type { ExportDocument } from "../export-types";
import { readExportPages } from "../read-export-pages";
import { ZipStreamWriter } from "./zip-stream-writer";

export interface WriteReportDocxOptions {
  db: Db;
  documents: ExportDocument[];
  overrides: Map<string, ExportPageOverride[]>;
  title: string;
  /** Aborts when the client goes away: the writer stops at the next page. */
  signal?: AbortSignal;
}

const RULE = { style: BorderStyle.SINGLE, size: 4, color: "8C8C8C" } as const;
const BORDERS = { top: RULE, bottom: RULE, left: RULE, right: RULE, insideHorizontal: RULE, insideVertical: RULE };
/** Word allows 63 columns; wider tables continue in further column groups. */
const MAX_WORD_COLUMNS = 63;

/** Pages whose Word elements are turned into XML together: small enough to keep memory flat, big enough to be quick. */
const PAGES_PER_PIECE = 25;

/**
 * The report as a Word document: headings, a paragraph per text line, key-values and tables as real
 * Word tables. The docx package makes every part and every element's XML, but it builds a whole
 * document in memory; so its document.xml is made in pieces (a few pages' elements at a time,
 * spliced into the body of a document docx made around a placeholder) and the archive is streamed
 * (see ZipStreamWriter), leaving memory flat in the number of pages.
 */
export async function* writeReportDocx(options: WriteReportDocxOptions): AsyncGenerator<Uint8Array> {
  const skeleton = await documentParts(
    new Document({
      title: options.title,
      creator: "docsvc",
      sections: [{ children: [new Paragraph({ text: BODY_PLACEHOLDER })] }],
    }),
  );
  const zip = new ZipStreamWriter();
  // [Content_Types].xml first, as Word writes it; the rest in docx's order.
  const names = [...skeleton.keys()].sort((a, b) => Number(b === CONTENT_TYPES) - Number(a === CONTENT_TYPES));
  for (const name of names) {
    if (name === DOCUMENT_PART)
      yield* zip.streamedFile(name, documentPart(Buffer.from(skeleton.get(name)!).toString("utf8"), options));
    else yield* zip.file(name, skeleton.get(name)!);
  }
  yield* zip.finish();
}

const CONTENT_TYPES = "[Content_Types].xml";
const DOCUMENT_PART = "word/document.xml";
const BODY_PLACEHOLDER = "docsvc-body-placeholder";

/** word/document.xml: docx's own around the placeholder paragraph, with the report's body in its place, in pieces. */
async function* documentPart(skeleton: string, options: WriteReportDocxOptions): AsyncGenerator<Uint8Array> {
  const at = skeleton.indexOf(BODY_PLACEHOLDER);
  const start = skeleton.lastIndexOf("<w:p>", at);
  const end = skeleton.indexOf("</w:p>", at) + "</w:p>".length;
  if (at < 0 || start < 0) throw new Error("The docx skeleton has no placeholder paragraph");
  yield Buffer.from(skeleton.slice(0, start), "utf8");
  for await (const elements of reportElements(options)) yield Buffer.from(await bodyXmlOf(elements), "utf8");
  yield Buffer.from(skeleton.slice(end), "utf8");
}

/** The report's Word elements, a few pages at a time. */
async function* reportElements(options: WriteReportDocxOptions): AsyncGenerator<(Paragraph | Table)[]> {
  let children: (Paragraph | Table)[] = [];
  let pages = 0;
  for (const [documentIndex, document] of options.documents.entries()) {
    children.push(
      new Paragraph({ text: document.fileName, heading: HeadingLevel.HEADING_1, pageBreakBefore: documentIndex > 0 }),
    );
    for await (const page of readExportPages({
      db: options.db,
      document,
      overrides: options.overrides.get(document.id),
      signal: options.signal,
    })) {
      children.push(new Paragraph({ text: `Page ${page.pageNumber}`, heading: HeadingLevel.HEADING_2 }));
      if (page.status === "missing") {
        children.push(
          new Paragraph({
            children: [new TextRun({ text: `Not included: ${page.error ?? "not available"}.`, italics: true })],
          }),
        );
      } else {
        for (const line of (page.text || "(no text)").split(/\r?\n/))
          children.push(new Paragraph({ text: cleanText(line) }));
        if (page.keyValues.length > 0) {
          children.push(new Paragraph({ text: "Key-values", heading: HeadingLevel.HEADING_3 }));
          children.push(wordTable([["Key", "Value"], ...page.keyValues.map((pair) => [pair.key, pair.value])]));
        }
        for (const [index, rows] of page.tables.entries()) {
          children.push(new Paragraph({ text: `Table ${index + 1}`, heading: HeadingLevel.HEADING_3 }));
          for (const group of columnGroups(rows)) children.push(wordTable(group), new Paragraph({ text: "" }));
        }
      }
      if (++pages % PAGES_PER_PIECE === 0) {
        yield children;
        children = [];
      }
    }
  }
  if (children.length > 0) yield children;
}

/**
 * The parts docx writes for a document (name → content, in docx's order), read back from the
 * archive its public Packer makes. Packer offers only the zipped whole: unzipping it (JSZip, which
 * docx zips with) costs a few milliseconds per call and keeps to docx's documented API.
 */
async function documentParts(document: Document): Promise<Map<string, Uint8Array>> {
  const archive = await JSZip.loadAsync(await Packer.toBuffer(document));
  const parts = new Map<string, Uint8Array>();
  for (const entry of Object.values(archive.files))
    if (!entry.dir) parts.set(entry.name, await entry.async("uint8array"));
  return parts;
}

/** The XML docx writes for these elements inside a document's body. */
async function bodyXmlOf(children: (Paragraph | Table)[]): Promise<string> {
  const archive = await JSZip.loadAsync(await Packer.toBuffer(new Document({ sections: [{ children }] })));
  const xml = await archive.file(DOCUMENT_PART)!.async("string");
  const start = xml.indexOf("<w:body>") + "<w:body>".length;
  return xml.slice(start, xml.lastIndexOf("<w:sectPr"));
}

function columnGroups(rows: string[][]): string[][][] {
  const columns = Math.max(...rows.map((row) => row.length), 1);
  const groups: string[][][] = [];
  for (let first = 0; first < columns; first += MAX_WORD_COLUMNS) {
    groups.push(
      rows.map((row) =>
        Array.from({ length: Math.min(MAX_WORD_COLUMNS, columns - first) }, (_, index) => row[first + index] ?? ""),
      ),
    );
  }
  return groups;
}

function wordTable(rows: string[][]): Table {
  const columns = Math.max(...rows.map((row) => row.length), 1);
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: BORDERS,
    rows: rows.map(
      (row, rowIndex) =>
        new TableRow({
          ...(rowIndex === 0 ? { tableHeader: true } : {}),
          children: Array.from(
            { length: columns },
            (_, column) =>
              new TableCell({
                width: { size: Math.floor(100 / columns), type: WidthType.PERCENTAGE },
                children: [
                  new Paragraph({
                    children: [new TextRun({ text: cleanText(row[column] ?? ""), bold: rowIndex === 0 })],
                  }),
                ],
              }),
          ),
        }),
    ),
  });
}

// Control characters are not allowed in WordprocessingML text.
function cleanText(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "");
}
