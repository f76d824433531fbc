import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { detectType } from "@/lib/documents/detect-type";
import { convertWithLibreOffice, findSoffice } from "@/lib/documents/office/convert-with-libreoffice";
import { retypeOoxml } from "@/lib/documents/testing/make-office-files";
import { makeQuattroPro } from "@/lib/documents/testing/make-quattro-pro";
import { makeInvoiceTemplate } from "../testing/make-invoice-template";
import { fillExcelTemplate } from "./fill-excel-template";
import { identifyExcelTemplate } from "./identify-excel-template";
import { makeXlsmTemplate } from "./testing/make-xlsm-template";

const hasLibreOffice = Boolean(findSoffice());
const cellMappings = { "Invoice!B1": "INV-9", "Notes!B2": 42 };

async function cellsOf(file: Buffer): Promise<{ invoiceB1: unknown; notesA1: unknown; notesB2: unknown }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return {
    invoiceB1: workbook.getWorksheet("Invoice")!.getCell("B1").value,
    notesA1: workbook.getWorksheet("Notes")!.getCell("A1").value,
    notesB2: workbook.getWorksheet("Notes")!.getCell("B2").value,
  };
}

async function part(file: Buffer, path: string): Promise<string> {
  return (await JSZip.loadAsync(file)).file(path)!.async("string");
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe("fillExcelTemplate", () => {
  it("fills an .xlsm and keeps its VBA project, signature, content types, relationship and code names", async () => {
    const template = await makeXlsmTemplate(await makeInvoiceTemplate(), {
      workbook: "DieseArbeitsmappe",
      firstSheet: "Tabelle1",
    });
    const result = await fillExcelTemplate({
      template: template.xlsm,
      fileName: "macros.xlsm",
      mode: "explicit",
      sources: [],
      cellMappings,
    });

    expect(result.template.output).toEqual({
      extension: "xlsm",
      contentType: "application/vnd.ms-excel.sheet.macroEnabled.12",
    });
    expect(result.notes).toEqual([]);
    const zip = await JSZip.loadAsync(result.file);
    expect(await zip.file("xl/vbaProject.bin")!.async("nodebuffer")).toEqual(template.vbaProject);
    expect(await zip.file("xl/vbaProjectSignature.bin")!.async("nodebuffer")).toEqual(template.vbaSignature);
    expect(await zip.file("xl/_rels/vbaProject.bin.rels")!.async("string")).toContain(
      'Target="vbaProjectSignature.bin"',
    );
    const types = await part(result.file, "[Content_Types].xml");
    expect(types).toContain(
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/>',
    );
    expect(types).not.toContain("spreadsheetml.sheet.main+xml");
    expect(types).toContain(
      '<Override PartName="/xl/vbaProject.bin" ContentType="application/vnd.ms-office.vbaProject"/>',
    );
    expect(types).toContain(
      '<Override PartName="/xl/vbaProjectSignature.bin" ContentType="application/vnd.ms-office.vbaProjectSignature"/>',
    );
    expect(await part(result.file, "xl/_rels/workbook.xml.rels")).toMatch(
      /<Relationship Id="rId\d+" Type="http:\/\/schemas.microsoft.com\/office\/2006\/relationships\/vbaProject" Target="vbaProject.bin"\/>/,
    );
    expect(await part(result.file, "xl/workbook.xml")).toMatch(/<workbookPr codeName="DieseArbeitsmappe"[^>]*\/>/);
    expect(await part(result.file, "xl/worksheets/sheet1.xml")).toMatch(
      /<worksheet\b[^>]*><sheetPr codeName="Tabelle1"\/>/,
    );
    expect((await detectType(result.file, "out.xlsm")).id).toBe("xlsm");
    expect(await cellsOf(result.file)).toEqual({ invoiceB1: "INV-9", notesA1: "Keep me", notesB2: 42 });
  });

  it("fills an .xlsm without a VBA project and still declares it macro-enabled", async () => {
    const xlsm = await retypeOoxml(
      await makeInvoiceTemplate(),
      "spreadsheetml.sheet.main+xml",
      "ms-excel.sheet.macroEnabled.main+xml",
    );
    const result = await fillExcelTemplate({
      template: xlsm,
      fileName: "empty.xlsm",
      mode: "explicit",
      sources: [],
      cellMappings,
    });
    expect((await detectType(result.file)).id).toBe("xlsm");
    expect((await JSZip.loadAsync(result.file)).file("xl/vbaProject.bin")).toBeNull();
    expect(await cellsOf(result.file)).toMatchObject({ invoiceB1: "INV-9", notesB2: 42 });
  });

  it("fills an .xltx and returns an .xlsx workbook", async () => {
    const xltx = await retypeOoxml(
      await makeInvoiceTemplate(),
      "spreadsheetml.sheet.main+xml",
      "spreadsheetml.template.main+xml",
    );
    expect((await detectType(xltx)).id).toBe("xltx");
    const result = await fillExcelTemplate({
      template: xltx,
      fileName: "invoice.xltx",
      mode: "explicit",
      sources: [],
      cellMappings,
    });

    expect(result.template.output.extension).toBe("xlsx");
    const types = await part(result.file, "[Content_Types].xml");
    expect(types).toContain(
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>',
    );
    expect(types).not.toContain("template.main+xml");
    expect((await detectType(result.file)).id).toBe("xlsx");
    expect(result.notes).toEqual(["The Excel template (.xltx) was filled and saved as an .xlsx workbook."]);
    expect(await cellsOf(result.file)).toEqual({ invoiceB1: "INV-9", notesA1: "Keep me", notesB2: 42 });
  });

  it.skipIf(!hasLibreOffice)(
    "converts .xls and .ods templates to .xlsx with LibreOffice, fills them and says so",
    async () => {
      const xlsx = await makeInvoiceTemplate();
      for (const id of ["xls", "ods"]) {
        const template = await convertWithLibreOffice(xlsx, { inputExtension: "xlsx", target: id, formatName: id });
        const result = await fillExcelTemplate({
          template,
          fileName: `invoice.${id}`,
          mode: "explicit",
          sources: [],
          cellMappings,
        });
        expect(result.template).toMatchObject({ handling: "convert", format: { id }, output: { extension: "xlsx" } });
        expect((await detectType(result.file)).id).toBe("xlsx");
        expect(result.notes[0]).toMatch(
          new RegExp(`\\(\\.${id}\\) template was converted to \\.xlsx with LibreOffice`),
        );
        expect(await cellsOf(result.file)).toEqual({ invoiceB1: "INV-9", notesA1: "Keep me", notesB2: 42 });
      }
    },
    120_000,
  );

  it.skipIf(!hasLibreOffice)(
    "fills a Quattro Pro notebook through its .xlsx conversion",
    async () => {
      const qpw = makeQuattroPro({ Invoice: [["Invoice number:", ""]], Notes: [["Keep me"]] });
      const result = await fillExcelTemplate({
        template: qpw,
        fileName: "book.qpw",
        mode: "explicit",
        sources: [],
        cellMappings,
      });
      expect(result.template.format.id).toBe("qpw");
      expect(await cellsOf(result.file)).toEqual({ invoiceB1: "INV-9", notesA1: "Keep me", notesB2: 42 });
    },
    60_000,
  );
});

describe("identifyExcelTemplate", () => {
  it("refuses documents that are not spreadsheets, and CSV, with a 400 naming what was sent", async () => {
    await expect(identifyExcelTemplate(Buffer.from("%PDF-1.7\n"), "form.pdf")).rejects.toMatchObject({
      code: "bad_request",
      status: 400,
      message: expect.stringContaining("form.pdf is a PDF file"),
    });
    await expect(identifyExcelTemplate(Buffer.from("a,b\n1,2\n"), "data.csv")).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("Save it as .xlsx"),
    });
    await expect(identifyExcelTemplate(Buffer.from([0, 1, 2, 3, 255, 254]), "blob.bin")).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("not a recognised document"),
    });
  });

  it("answers 415 naming LibreOffice when an .xls template needs it and the server has none", async () => {
    const xls = hasLibreOffice
      ? await convertWithLibreOffice(await makeInvoiceTemplate(), {
          inputExtension: "xlsx",
          target: "xls",
          formatName: "xls",
        })
      : undefined;
    vi.stubEnv("SOFFICE_PATH", "/nonexistent/soffice");
    resetConfigForTests();
    // Without LibreOffice here, a Quattro Pro notebook (written without it) stands in for the .xls.
    const legacy = xls ?? makeQuattroPro({ Sheet1: [["x"]] });
    await expect(identifyExcelTemplate(legacy, "old.xls")).rejects.toMatchObject({
      code: "unsupported_format",
      status: 415,
      message: expect.stringContaining("Install LibreOffice"),
    });
    expect((await identifyExcelTemplate(await makeInvoiceTemplate(), "ok.xlsx")).handling).toBe("as_is");
  }, 60_000);
});
