import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import ExcelJS from "exceljs";
import { ReportLayout } from "@/lib/export/pdf/report-layout";
import { neutraliseCellValue, neutraliseFormula } from "@/lib/spreadsheet/neutralise-formula";
import type { GeneratedFileSpec } from "./generated-file-spec";

export interface GeneratedFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const contentTypes = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
} as const;

const cellText = (cell: string | number | boolean | null) => (cell === null ? "" : String(cell));
const paragraphsOf = (text: string | undefined) =>
  (text ?? "")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

function csvOf(rows: GeneratedFileSpec["rows"] = []): Buffer {
  const quote = (cell: string | number | boolean | null) => {
    const text = typeof cell === "string" ? neutraliseFormula(cell) : cellText(cell);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  // A BOM so spreadsheet apps read UTF-8.
  return Buffer.from(`\uFEFF${rows.map((row) => row.map(quote).join(",")).join("\r\n")}\r\n`, "utf8");
}

async function xlsxOf(spec: GeneratedFileSpec): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet((spec.title ?? "Sheet1").replace(/[[\]*?/\\:]/g, " ").slice(0, 31) || "Sheet1");
  for (const row of spec.rows ?? []) sheet.addRow(row.map((cell) => neutraliseCellValue(cell)));
  if (spec.rows?.length) sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function docxOf(spec: GeneratedFileSpec): Promise<Buffer> {
  const children: Array<Paragraph | Table> = [];
  if (spec.title) children.push(new Paragraph({ text: spec.title, heading: HeadingLevel.HEADING_1 }));
  for (const paragraph of paragraphsOf(spec.text)) children.push(new Paragraph({ children: [new TextRun(paragraph)] }));
  if (spec.rows?.length) {
    children.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: spec.rows.map(
          (row, index) =>
            new TableRow({
              children: row.map(
                (cell) =>
                  new TableCell({
                    children: [new Paragraph({ children: [new TextRun({ text: cellText(cell), bold: index === 0 })] })],
                  }),
              ),
            }),
        ),
      }),
    );
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

async function pdfOf(spec: GeneratedFileSpec): Promise<Buffer> {
  const layout = await ReportLayout.create(spec.title ?? spec.file_name);
  if (spec.title) await layout.heading(spec.title, 1);
  for (const paragraph of paragraphsOf(spec.text)) await layout.paragraph(paragraph);
  if (spec.rows?.length)
    await layout.table(
      spec.rows.map((row) => row.map(cellText)),
      { header: true },
    );
  return Buffer.from(await layout.save());
}

/** The file's bytes in the asked format; spreadsheet text is made inert against formula injection. */
export async function writeGeneratedFile(spec: GeneratedFileSpec): Promise<GeneratedFile> {
  const base = spec.file_name.split(/[\\/]/).at(-1)!.trim() || "chat-file";
  const fileName = base.toLowerCase().endsWith(`.${spec.format}`) ? base : `${base}.${spec.format}`;
  const bytes =
    spec.format === "csv"
      ? csvOf(spec.rows)
      : spec.format === "xlsx"
        ? await xlsxOf(spec)
        : spec.format === "docx"
          ? await docxOf(spec)
          : await pdfOf(spec);
  return { fileName, contentType: contentTypes[spec.format], bytes };
}
