import JSZip from "jszip";

// An .xlsm for tests, made from any exceljs workbook: a VBA project part with a signature part
// hanging off it, their content types and relationships, and code names on the workbook and first
// sheet, laid out as Excel saves them. The parts hold arbitrary bytes; tests only check that they
// survive byte for byte.

export interface XlsmTemplate {
  xlsm: Buffer;
  vbaProject: Buffer;
  vbaSignature: Buffer;
}

function bytes(length: number, seed: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, index) => (index * 31 + seed) % 256));
}

export async function makeXlsmTemplate(
  xlsx: Buffer,
  codeNames: { workbook: string; firstSheet: string },
): Promise<XlsmTemplate> {
  const zip = await JSZip.loadAsync(xlsx);
  const vbaProject = bytes(1536, 7);
  const vbaSignature = bytes(300, 11);
  zip.file("xl/vbaProject.bin", vbaProject);
  zip.file("xl/vbaProjectSignature.bin", vbaSignature);
  zip.file(
    "xl/_rels/vbaProject.bin.rels",
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProjectSignature" Target="vbaProjectSignature.bin"/></Relationships>',
  );
  const types = (await zip.file("[Content_Types].xml")!.async("string"))
    .replace("spreadsheetml.sheet.main+xml", "ms-excel.sheet.macroEnabled.main+xml")
    .replace(
      "</Types>",
      '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>' +
        '<Override PartName="/xl/vbaProjectSignature.bin" ContentType="application/vnd.ms-office.vbaProjectSignature"/></Types>',
    );
  zip.file("[Content_Types].xml", types);
  const rels = await zip.file("xl/_rels/workbook.xml.rels")!.async("string");
  zip.file(
    "xl/_rels/workbook.xml.rels",
    rels.replace(
      "</Relationships>",
      '<Relationship Id="rId99" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/></Relationships>',
    ),
  );
  const workbook = await zip.file("xl/workbook.xml")!.async("string");
  zip.file("xl/workbook.xml", workbook.replace("<workbookPr ", `<workbookPr codeName="${codeNames.workbook}" `));
  const sheet = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
  zip.file(
    "xl/worksheets/sheet1.xml",
    sheet.replace(/<worksheet\b[^>]*>/, (tag) => `${tag}<sheetPr codeName="${codeNames.firstSheet}"/>`),
  );
  return { xlsm: await zip.generateAsync({ type: "nodebuffer" }), vbaProject, vbaSignature };
}
