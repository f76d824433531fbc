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
import type { Db } from "@/lib/db";
import type { ExportPageOverride } from "../export-schemas";
import type { ExportDocument } from "../export-types";
import { readExportPages } from "../read-export-pages";

export interface WriteReportDocxOptions {
  db: Db;
  documents: ExportDocument[];
  overrides: Map<string, ExportPageOverride[]>;
  title: string;
}

const RULE = { style: BorderStyle.SINGLE, size: 4, color: "8C8C8C" } as const;
const BORDERS = { top: RULE, bottom: RULE, left: RULE, right: RULE, insideHorizontal: RULE, insideVertical: RULE };
/** Word allows 63 columns; wider tables continue in further column groups. */
const MAX_WORD_COLUMNS = 63;

/** The report as a Word document: headings, a paragraph per text line, key-values and tables as real Word tables. */
export async function writeReportDocx(options: WriteReportDocxOptions): Promise<{ bytes: Buffer; missing: string[] }> {
  const children: (Paragraph | Table)[] = [];
  const missing: string[] = [];
  for (const [documentIndex, document] of options.documents.entries()) {
    children.push(
      new Paragraph({ text: document.fileName, heading: HeadingLevel.HEADING_1, pageBreakBefore: documentIndex > 0 }),
    );
    for await (const page of readExportPages(options.db, document, options.overrides.get(document.id))) {
      children.push(new Paragraph({ text: `Page ${page.pageNumber}`, heading: HeadingLevel.HEADING_2 }));
      if (page.status === "missing") {
        missing.push(`${document.fileName} page ${page.pageNumber}`);
        children.push(
          new Paragraph({
            children: [new TextRun({ text: `Not included: ${page.error ?? "not available"}.`, italics: true })],
          }),
        );
        continue;
      }
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
  }
  const document = new Document({ title: options.title, creator: "docsvc", sections: [{ children }] });
  return { bytes: await Packer.toBuffer(document), missing };
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
