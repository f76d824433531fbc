import sharp from "sharp";

// A scanned invoice whose line items are printed without rules (Description, Qty, Unit Price, Amount).

type Text = [x: number, y: number, text: string, anchor?: "end"];

export const invoiceScanItems: string[][] = [
  ["Printer paper A4", "12", "6.50", "78.00"],
  ["Toner cartridge", "2", "54.00", "108.00"],
  ["Stapler", "1", "13.00", "13.00"],
];

/** The invoice page as a 150 dpi scan: column x positions, figures right-aligned. */
export async function invoiceScan(): Promise<Buffer> {
  const columns: Array<[number, "end" | undefined]> = [
    [80, undefined],
    [760, "end"],
    [1000, "end"],
    [1200, "end"],
  ];
  const row = (cells: string[], y: number): Text[] =>
    cells.map((cell, index) => [columns[index][0], y, cell, columns[index][1]]);
  const texts: Text[] = [
    [80, 100, "ACME SUPPLIES INC."],
    [80, 140, "123 Market Street, Springfield"],
    [900, 100, "INVOICE"],
    [900, 160, "Invoice No: INV-1042"],
    [900, 200, "Date: 2025-03-14"],
    ...row(["Description", "Qty", "Unit Price", "Amount"], 320),
    ...invoiceScanItems.flatMap((cells, index) => row(cells, 380 + index * 50)),
    [760, 580, "Subtotal: 199.00 USD"],
    [760, 630, "Tax (8%): 15.92"],
    [760, 680, "Total Due: 214.92 USD"],
  ];
  const body = texts
    .map(
      ([x, y, text, anchor]) =>
        `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="30" text-anchor="${anchor ?? "start"}">${text}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1275" height="1000"><rect width="100%" height="100%" fill="#fff"/>${body}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: "#fff" }).withMetadata({ density: 150 }).png().toBuffer();
}
