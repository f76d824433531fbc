import { num, StreamedPdf } from "./stream/streamed-pdf";
import { textOperators } from "./stream/text-operators";
import { wrapText } from "./wrap-text";

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const TEXT_SIZE = 10;
const CELL_SIZE = 8.5;
const CELL_PADDING = 3;
/** Columns drawn side by side; a wider table continues in further column groups. */
export const MAX_TABLE_COLUMNS = 8;

/**
 * A flowing A4 report: headings, wrapped paragraphs and ruled tables, starting new pages as it
 * fills. Each page is written out (drain) as soon as it is full, so memory does not grow with the
 * pages: only the fonts' used glyphs and the page list are kept until the end (finish).
 */
export class ReportLayout {
  private content: string[] = [];
  private pageOpen = false;
  private y = 0;

  private constructor(private readonly pdf: StreamedPdf) {
    this.newPage();
  }

  static async create(title: string): Promise<ReportLayout> {
    return new ReportLayout(await StreamedPdf.create(title));
  }

  private get contentWidth(): number {
    return PAGE.width - 2 * PAGE.margin;
  }

  /** The bytes written so far and not yet taken: whole pages, sent on while the report grows. */
  drain(): Uint8Array[] {
    return this.pdf.drain();
  }

  newPage(): void {
    this.flushPage();
    this.pageOpen = true;
    this.y = PAGE.height - PAGE.margin;
  }

  private flushPage(): void {
    if (!this.pageOpen) return;
    this.pageOpen = false;
    this.pdf.addPage(PAGE, this.content.join("\n"));
    this.content = [];
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
    const lineHeight = size * 1.3;
    for (const line of this.wrap(text, size, this.contentWidth)) {
      this.ensureSpace(lineHeight);
      this.y -= lineHeight;
      if (line)
        this.drawLine(line, {
          x: PAGE.margin,
          width: this.contentWidth,
          y: this.y + size * 0.25,
          size,
          gray: options.color ?? 0,
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
      this.tableGroup(group, options.header);
      this.gap(8);
    }
  }

  /** The finished PDF's remaining bytes: fonts, page tree, catalog, cross-references. */
  async finish(): Promise<Uint8Array[]> {
    this.flushPage();
    return this.pdf.finish();
  }

  /** The whole PDF in one buffer, for small files made at once (chat-generated files). */
  async save(): Promise<Uint8Array> {
    const head = this.drain();
    return Buffer.concat([...head, ...(await this.finish())]);
  }

  private wrap(text: string, size: number, maxWidth: number): string[] {
    return wrapText(text, (piece) => (this.pdf.fonts.widthOf(piece) * size) / 1000, maxWidth);
  }

  private tableGroup(rows: string[][], header: boolean): void {
    const columnWidth = this.contentWidth / Math.max(rows[0]?.length ?? 1, 1);
    const lineHeight = CELL_SIZE * 1.25;
    const maxRowHeight = PAGE.height - 2 * PAGE.margin - 2 * lineHeight;
    const headerRow = header && rows.length > 0 ? this.layoutRow(rows[0], columnWidth, lineHeight, maxRowHeight) : null;
    for (const [index, cells] of rows.entries()) {
      // Rows are laid out one at a time, so a long table costs no more memory than a short one.
      const row = index === 0 && headerRow ? headerRow : this.layoutRow(cells, columnWidth, lineHeight, maxRowHeight);
      if (this.y - row.height < PAGE.margin) {
        this.newPage();
        if (headerRow && index > 0) this.drawRow(headerRow, columnWidth, lineHeight, true);
      }
      this.drawRow(row, columnWidth, lineHeight, header && index === 0);
    }
  }

  private layoutRow(row: string[], columnWidth: number, lineHeight: number, maxRowHeight: number) {
    const cells = row.map((cell) => {
      const lines = this.wrap(cell, CELL_SIZE, columnWidth - 2 * CELL_PADDING);
      // A cell taller than a page is cut, and says so.
      const fitting = Math.floor((maxRowHeight - 2 * CELL_PADDING) / lineHeight);
      return lines.length > fitting ? [...lines.slice(0, fitting - 1), "…"] : lines;
    });
    const height = Math.max(...cells.map((cell) => cell.length), 1) * lineHeight + 2 * CELL_PADDING;
    return { cells, height };
  }

  private drawRow(
    row: { cells: string[][]; height: number },
    columnWidth: number,
    lineHeight: number,
    shaded: boolean,
  ) {
    const top = this.y;
    row.cells.forEach((lines, column) => {
      const x = PAGE.margin + column * columnWidth;
      const box = `${num(x)} ${num(top - row.height)} ${num(columnWidth)} ${num(row.height)} re`;
      if (shaded) this.content.push(`0.92 0.93 0.95 rg ${box} f`);
      this.content.push(`0.55 G 0.5 w ${box} S`);
      lines.forEach((line, index) => {
        if (!line) return;
        this.drawLine(line, {
          x: x + CELL_PADDING,
          width: columnWidth - 2 * CELL_PADDING,
          y: top - CELL_PADDING - (index + 1) * lineHeight + CELL_SIZE * 0.3,
          size: CELL_SIZE,
          gray: 0,
        });
      });
    });
    this.y = top - row.height;
  }

  /** One line of text on the baseline y, in visual order; a right-to-left line is aligned to the right of its box. */
  private drawLine(text: string, box: { x: number; width: number; y: number; size: number; gray: number }): void {
    const shaped = this.pdf.fonts.shape(text);
    const x = shaped.rightToLeft ? box.x + Math.max(box.width - (shaped.width * box.size) / 1000, 0) : box.x;
    this.content.push(textOperators(shaped, { matrix: [1, 0, 0, 1, x, box.y], size: box.size, gray: box.gray }));
  }
}
