import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import { writeGeneratedFile } from "./write-generated-file";
import { GeneratedFileSpec } from "./generated-file-spec";

const rows = [
  ["Item", "Amount"],
  ["Paper", 40],
  ["=cmd|' /C calc'!A0", -5],
];

describe("writeGeneratedFile", () => {
  it("writes CSV with formulas made inert and numbers kept", async () => {
    const file = await writeGeneratedFile({ format: "csv", file_name: "items", rows });
    expect(file).toMatchObject({ fileName: "items.csv", contentType: "text/csv; charset=utf-8" });
    expect(file.bytes.toString("utf8")).toBe("\uFEFFItem,Amount\r\nPaper,40\r\n'=cmd|' /C calc'!A0,-5\r\n");
  });

  it("writes XLSX with a bold header and inert text", async () => {
    const file = await writeGeneratedFile({ format: "xlsx", file_name: "items.xlsx", title: "Items", rows });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Items")!;
    expect(sheet.getCell("B2").value).toBe(40);
    expect(sheet.getCell("A3").value).toBe("'=cmd|' /C calc'!A0");
    expect(sheet.getCell("A1").font?.bold).toBe(true);
  });

  it("writes DOCX and PDF that read back", async () => {
    const docx = await writeGeneratedFile({
      format: "docx",
      file_name: "summary",
      title: "Summary",
      text: "Total due is 132.50 EUR.\\n\\nPaid.",
      rows,
    });
    const xml = await (await JSZip.loadAsync(docx.bytes)).file("word/document.xml")!.async("string");
    expect(xml).toContain("Total due is 132.50 EUR.");
    expect(xml).toContain("Paper");
    const pdf = await writeGeneratedFile({
      format: "pdf",
      file_name: "summary",
      title: "Summary",
      text: "Total due is 132.50 EUR.",
      rows,
    });
    const read = await readDocument({ bytes: pdf.bytes });
    expect(read.pages[0].text).toContain("Total due is 132.50 EUR.");
  });

  it("refuses a spreadsheet without rows", () => {
    expect(GeneratedFileSpec.safeParse({ format: "xlsx", file_name: "x", text: "hello" }).success).toBe(false);
  });
});
