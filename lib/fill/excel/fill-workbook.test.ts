import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import { makeDocx } from "@/lib/documents/testing/make-office-files";
import { makeInvoiceTemplate } from "../testing/make-invoice-template";
import { fillWorkbook } from "./fill-workbook";

describe("fillWorkbook", () => {
  it("fills label cells and a line-item table from a source, adding rows and keeping formulas and styles", async () => {
    const source = await makeDocx({
      heading: "Invoice",
      paragraphs: ["Invoice number: INV-2041", "Customer: Acme Ltd", "Date: 2025-03-14"],
      table: [
        ["Description", "Qty", "Unit price", "Amount"],
        ["Widget", "2", "10.00", "20.00"],
        ["Gadget", "1", "5.50", "5.50"],
        ["Cable", "3", "2.00", "6.00"],
      ],
    });
    const pages = (await readDocument({ bytes: source })).pages;
    const result = await fillWorkbook({
      xlsx: await makeInvoiceTemplate(),
      mode: "smart",
      sources: [{ fileName: "invoice.docx", pages }],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(result.xlsx as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Invoice")!;
    expect(sheet.getCell("B1").value).toBe("INV-2041");
    expect(sheet.getCell("C2").value).toBe("Acme Ltd");
    expect(sheet.getCell("B3").value).toBe("2025-03-14");
    expect([6, 7, 8].map((row) => sheet.getCell(`A${row}`).value)).toEqual(["Widget", "Gadget", "Cable"]);
    expect([6, 7, 8].map((row) => sheet.getCell(`B${row}`).value)).toEqual([2, 1, 3]);
    expect(sheet.getCell("D8").value).toMatchObject({ formula: "B8*C8" });
    expect(sheet.getCell("A8").font?.italic).toBe(true);
    expect(sheet.getCell("C9").value).toBe("Total");
    expect(sheet.getCell("D9").value).toMatchObject({ formula: "SUM(D6:D8)" });
    expect(sheet.getCell("D9").font?.bold).toBe(true);
    expect(sheet.getCell("C6").numFmt).toBe("#,##0.00");
    expect(sheet.getCell("B6").dataValidation).toMatchObject({ type: "whole", operator: "greaterThan" });
    expect(workbook.getWorksheet("Notes")!.getCell("A1").value).toBe("Keep me");
    expect(result.cells.find((cell) => cell.cell === "B1")).toMatchObject({
      sheet: "Invoice",
      source: expect.stringContaining("invoice.docx page 1"),
    });
  });

  it("writes cell_mappings in explicit mode, never as formulas, with formula-like text made inert", async () => {
    const result = await fillWorkbook({
      xlsx: await makeInvoiceTemplate(),
      mode: "explicit",
      sources: [],
      cellMappings: {
        "Invoice!B1": "INV-1",
        "Notes!B2": 12,
        B3: "=1+1",
        C2: "-2+3+cmd|' /C calc'!A0",
        "Notes!B3": "-5",
      },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(result.xlsx as unknown as ArrayBuffer);
    expect(workbook.getWorksheet("Invoice")!.getCell("B1").value).toBe("INV-1");
    expect(workbook.getWorksheet("Notes")!.getCell("B2").value).toBe(12);
    expect(workbook.getWorksheet("Invoice")!.getCell("B3").value).toBe("'=1+1");
    expect(workbook.getWorksheet("Invoice")!.getCell("C2").value).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(workbook.getWorksheet("Notes")!.getCell("B3").value).toBe("-5");
    expect(result.cells).toHaveLength(5);
    expect(result.cells.find((cell) => cell.cell === "B3")).toMatchObject({ value: "'=1+1" });
  });

  it("refuses a mapping to a sheet the workbook lacks", async () => {
    await expect(
      fillWorkbook({
        xlsx: await makeInvoiceTemplate(),
        mode: "explicit",
        sources: [],
        cellMappings: { "Nope!A1": "x" },
      }),
    ).rejects.toMatchObject({ code: "validation_error" });
  });
});
