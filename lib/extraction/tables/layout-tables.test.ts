import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import { extractStructure } from "../extract-structure";

// Tables without rules in a text-layer PDF, as reports print them: a heading over pairs of
// columns, a column left empty in some rows, a subheading on a row of its own, figures set close
// together. Each is one table, not one per stretch of rows with the same number of cells; two
// columns of running text side by side are no table at all.

type Text = [x: number, y: number, text: string, anchor?: "end"];

async function textPdf(texts: Text[]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  for (const [x, y, text, anchor] of texts) {
    const width = anchor === "end" ? font.widthOfTextAtSize(text, 9) : 0;
    page.drawText(text, { x: x - width, y: 792 - y, size: 9, font });
  }
  return Buffer.from(await document.save());
}

const tablesOf = async (texts: Text[]) => {
  const { pages } = await readDocument({ bytes: await textPdf(texts), fileName: "report.pdf" });
  return extractStructure({ pages }).tables;
};

/** A row: the label left-aligned at 72, figures right-aligned at the columns' x positions. */
const row = (y: number, label: string, figures: Array<string | undefined>, columns = [250, 310, 400, 460]): Text[] => [
  [72, y, label],
  ...figures.flatMap((figure, index): Text[] => (figure ? [[columns[index], y, figure, "end"]] : [])),
];

describe("tables laid out without rules", () => {
  it("keeps a table whole across empty cells and a subheading row, with its heading over pairs of columns", async () => {
    const tables = await tablesOf([
      [72, 80, "The loans of the bank over two years are summarised below in thousands of dollars."],
      [215, 120, "2009"],
      [375, 120, "2010"],
      ...row(135, "Loan type", ["$000", "%", "$000", "%"]),
      [72, 150, "Real estate"],
      ...row(165, "Residential", ["4,151", "25.0", "4,090", "27.5"]),
      ...row(180, "Commercial", ["361", "2.2", undefined, "2.2"]),
      [72, 195, "Other loans"],
      ...row(210, "Securities", ["1,844", "11.1", "1,148", undefined]),
      ...row(225, "Total", ["16,604", "100.0", "14,871", "100.0"]),
      [72, 270, "The figures are those of the year-end reports."],
    ]);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows).toEqual([
      ["", "2009", "", "2010", ""],
      ["Loan type", "$000", "%", "$000", "%"],
      ["Real estate", "", "", "", ""],
      ["Residential", "4,151", "25.0", "4,090", "27.5"],
      ["Commercial", "361", "2.2", "", "2.2"],
      ["Other loans", "", "", "", ""],
      ["Securities", "1,844", "11.1", "1,148", ""],
      ["Total", "16,604", "100.0", "14,871", "100.0"],
    ]);
  });

  it("reads a table continued on the next page under its repeated two-row heading as one table", async () => {
    const heading = (y: number): Text[] => [
      [215, y, "2009"],
      [375, y, "2010"],
      ...row(y + 15, "Region", ["$000", "%", "$000", "%"]),
    ];
    const document = await PDFDocument.create();
    const font = await document.embedFont(StandardFonts.Helvetica);
    const regions = Array.from({ length: 8 }, (_, index) => [
      `Region ${index + 1}`,
      `${index + 1},000`,
      `${index + 2}.0`,
      `${index + 3},000`,
      `${index + 4}.0`,
    ]);
    const pagesTexts: Text[][] = [
      [
        ...heading(560),
        ...regions.slice(0, 4).flatMap((cells, index) => row(590 + index * 15, cells[0], cells.slice(1))),
      ],
      [...heading(60), ...regions.slice(4).flatMap((cells, index) => row(90 + index * 15, cells[0], cells.slice(1)))],
    ];
    for (const texts of pagesTexts) {
      const page = document.addPage([612, 792]);
      for (const [x, y, text, anchor] of texts) {
        const width = anchor === "end" ? font.widthOfTextAtSize(text, 9) : 0;
        page.drawText(text, { x: x - width, y: 792 - y, size: 9, font });
      }
    }
    const { pages } = await readDocument({ bytes: Buffer.from(await document.save()), fileName: "report.pdf" });
    const tables = extractStructure({ pages }).tables;
    expect(tables.map((table) => [table.pages, table.rows])).toEqual([
      [
        [1, 2],
        [["", "2009", "", "2010", ""], ["Region", "$000", "%", "$000", "%"], ...regions],
      ],
    ]);
  });

  it("splits figures set close together at the columns the other rows draw", async () => {
    const columns = [250, 290, 400, 460];
    const tables = await tablesOf([
      ...row(120, "North", ["1,000", "2,000", "3,000", "4,000"], columns),
      ...row(135, "South", ["5,000", "6,000", "7,000", "8,000"], columns),
      [72, 150, "East"],
      [290, 150, "9,000 9,500", "end"],
      [400, 150, "9,700", "end"],
      [460, 150, "9,900", "end"],
      ...row(165, "West", ["1,100", "1,200", "1,300", "1,400"], columns),
    ]);
    expect(tables.map((table) => table.rows)).toEqual([
      [
        ["North", "1,000", "2,000", "3,000", "4,000"],
        ["South", "5,000", "6,000", "7,000", "8,000"],
        ["East", "9,000", "9,500", "9,700", "9,900"],
        ["West", "1,100", "1,200", "1,300", "1,400"],
      ],
    ]);
  });

  it("leaves out a column of running text printed beside the table", async () => {
    const text = [
      "Most of the students enrolled that autumn went",
      "to the larger colleges, where fewer than one in",
      "ten of the institutions held more than half of",
      "all the places on offer across the whole state.",
    ];
    const figures = [
      ["18-19", "4,120", "23.1"],
      ["20-21", "3,648", "20.5"],
      ["22-24", "3,193", "18.0"],
      ["25-29", "2,401", "13.5"],
    ];
    const tables = await tablesOf(
      figures.flatMap((cells, index): Text[] => [
        [72, 100 + index * 12, text[index]],
        [330, 100 + index * 12, cells[0]],
        [420, 100 + index * 12, cells[1], "end"],
        [470, 100 + index * 12, cells[2], "end"],
      ]),
    );
    expect(tables.map((table) => table.rows)).toEqual([figures]);
  });

  it("reports no table for two columns of running text", async () => {
    const left = [
      "The survey was repeated in the autumn of each",
      "year with the same questions, so that answers",
      "from one year can be set beside the next one",
    ];
    const right = [
      "Respondents who moved away were replaced by",
      "others from the same district and of a similar",
      "age, which keeps the groups comparable overall",
    ];
    const tables = await tablesOf([
      ...left.map((text, index): Text => [72, 100 + index * 12, text]),
      ...right.map((text, index): Text => [320, 100 + index * 12, text]),
    ]);
    expect(tables).toEqual([]);
  });

  it("leaves the title and the line under it out of the table below them", async () => {
    const tables = await tablesOf([
      [72, 80, "Price list for the spring and summer season of 2026"],
      [72, 95, "Prices valid from January."],
      ...row(115, "Item", ["Quantity", "Price"], [250, 310]),
      ...row(130, "Widget", ["4", "12.50"], [250, 310]),
      ...row(145, "Gadget", ["2", "40.00"], [250, 310]),
    ]);
    expect(tables.map((table) => table.rows)).toEqual([
      [
        ["Item", "Quantity", "Price"],
        ["Widget", "4", "12.50"],
        ["Gadget", "2", "40.00"],
      ],
    ]);
  });
});
