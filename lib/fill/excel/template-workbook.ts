import { convertWithLibreOffice } from "@/lib/documents/office/convert-with-libreoffice";
import type { ExcelTemplate } from "./identify-excel-template";

/** The template as an OOXML workbook exceljs can read: converted with LibreOffice when it is not one. */
export async function templateWorkbook(bytes: Buffer, template: ExcelTemplate): Promise<Buffer> {
  if (template.handling !== "convert") return bytes;
  return convertWithLibreOffice(bytes, {
    inputExtension: template.format.extensions[0],
    target: "xlsx",
    formatName: template.format.name,
  });
}
