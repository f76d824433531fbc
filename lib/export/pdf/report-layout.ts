import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { FillFonts } from "@/lib/fill/pdf/unicode-font";
import { wrapText } from "./wrap-text";

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const TEXT_SIZE = 10;
const CELL_SIZE = 8.5;
const CELL_PADDING = 3;
/** Columns drawn side by side; a wider table continues in further column groups. */
export const MAX_TABLE_COLUMNS = 8;

/** A flowing A4 report: headings, wrapped paragraphs and ruled tables, starting new pages as it fills. */
export class ReportLayout {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    readonly document: PDFDocument,
    private readonly fonts: FillFonts,
  ) {
    this.newPage();
  }

  static async create(title: string): Promise<ReportLayout> {
    const document = await PDFDocument.create();
    document.setTitle(title);
    document.setCreator("docsvc");
    return new ReportLayout(document, await FillFonts.create(document));
  }

  private get contentWidth(): number {
    return PAGE.width - 2 * PAGE.margin;
  }

  newPage(): void {
    this.page = this.document.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  private ensureSpace(height: number): void {
    if (this.y - height < PAGE.margin) this.newPage();
  }

  async heading(text: string, level: 1 | 2 | 3): Promise<void> {
    const size = level === 1 ? 16 : level === 2 ? 13 : 11;
    if (level === 1 && this.y < PAGE.height - PAGE.margin) this.newPage();
    this.y -= size * 0.6;
    await this.paragraph(text, { size, color: level === 3 ? 0.3 : 0 });
    this.y -= size * 0.3;
  }

  async paragraph(text: string, options: { size?: number; color?: number } = {}): Promise<void> {
    const size = options.size ?? TEXT_SIZE;
    const { font } = await this.fonts.fontFor(text);
    const lineHeight = size * 1.3;
    for (const line of wrapText(text, font, size, this.contentWidth)) {
      this.ensureSpace(lineHeight);
      this.y -= lineHeight;
      if (line)
        this.page.drawText(line, {
          x: PAGE.margin,
          y: this.y + size * 0.25,
          size,
          font,
          color: rgb(options.color ?? 0, options.color ?? 0, options.color ?? 0),
        });
    }
  }

  gap(points = 6): void {
    this.y -= points;
  }

  /** A ruled table; rows that do not fit start a new page, where the header row is repeated. */
  async table(rows: string[][], options: { header: boolean; caption?: string }): Promise<void> {
    const columns = Math.max(...rows.map((row) => row.length), 1);
    for (let first = 0; first < columns; first += MAX_TABLE_COLUMNS) {
      const last = Math.min(first + MAX_TABLE_COLUMNS, columns);
      const group = rows.map((row) => Array.from({ length: last - first }, (_, index) => row[first + index] ?? ""));
      const caption =
        columns > MAX_TABLE_COLUMNS
          ? `${options.caption ?? "Table"}, columns ${first + 1}–${last} of ${columns}`
          : options.caption;
      if (caption) await this.paragraph(caption, { size: 9, color: 0.35 });
      await this.tableGroup(group, options.header);
      this.gap(8);
    }
  }

  private async tableGroup(rows: string[][], header: boolean): Promise<void> {
    const columnWidth = this.contentWidth / Math.max(rows[0]?.length ?? 1, 1);
    const lineHeight = CELL_SIZE * 1.25;
    const maxRowHeight = PAGE.height - 2 * PAGE.margin - 2 * lineHeight;
    const laidOut = await Promise.all(rows.map((row) => this.layoutRow(row, columnWidth, lineHeight, maxRowHeight)));
    for (const [index, row] of laidOut.entries()) {
      if (this.y - row.height < PAGE.margin) {
        this.newPage();
        if (header && index > 0) this.drawRow(laidOut[0], columnWidth, lineHeight, true);
      }
      this.drawRow(row, columnWidth, lineHeight, header && index === 0);
    }
  }

  private async layoutRow(row: string[], columnWidth: number, lineHeight: number, maxRowHeight: number) {
    const cells = await Promise.all(
      row.map(async (cell) => {
        const { font } = await this.fonts.fontFor(cell || " ");
        const lines = wrapText(cell, font, CELL_SIZE, columnWidth - 2 * CELL_PADDING);
        // A cell taller than a page is cut, and says so.
        const fitting = Math.floor((maxRowHeight - 2 * CELL_PADDING) / lineHeight);
        return { font, lines: lines.length > fitting ? [...lines.slice(0, fitting - 1), "…"] : lines };
      }),
    );
    const height = Math.max(...cells.map((cell) => cell.lines.length), 1) * lineHeight + 2 * CELL_PADDING;
    return { cells, height };
  }

  private drawRow(
    row: { cells: { font: PDFFont; lines: string[] }[]; height: number },
    columnWidth: number,
    lineHeight: number,
    shaded: boolean,
  ): void {
    const top = this.y;
    row.cells.forEach((cell, column) => {
      const x = PAGE.margin + column * columnWidth;
      this.page.drawRectangle({
        x,
        y: top - row.height,
        width: columnWidth,
        height: row.height,
        borderColor: rgb(0.55, 0.55, 0.55),
        borderWidth: 0.5,
        ...(shaded ? { color: rgb(0.92, 0.93, 0.95) } : {}),
      });
      cell.lines.forEach((line, index) => {
        if (!line) return;
        const font = line === "…" ? this.fonts.helvetica : cell.font;
        this.page.drawText(line, {
          x: x + CELL_PADDING,
          y: top - CELL_PADDING - (index + 1) * lineHeight + CELL_SIZE * 0.3,
          size: CELL_SIZE,
          font,
        });
      });
    });
    this.y = top - row.height;
  }

  async save(): Promise<Uint8Array> {
    return this.document.save({ useObjectStreams: true });
  }
}
