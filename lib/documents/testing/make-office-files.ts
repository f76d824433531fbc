import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from "docx";
import ExcelJS from "exceljs";
import JSZip from "jszip";

// Office samples built with the same libraries users' tools would produce, so readers are tested
// on real files.

export async function makeDocx(options: {
  heading: string;
  paragraphs: string[];
  table?: string[][];
  /** Body text size in points, set paragraphs without spacing (Word's default size and spacing otherwise). */
  bodySize?: number;
}): Promise<Buffer> {
  const { bodySize } = options;
  const children: Array<Paragraph | Table> = [
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(options.heading)] }),
    ...options.paragraphs.map((text) =>
      bodySize
        ? new Paragraph({
            spacing: { before: 0, after: 0, line: 240 },
            children: [new TextRun({ text, size: bodySize * 2 })],
          })
        : new Paragraph({ children: [new TextRun(text)] }),
    ),
  ];
  if (options.table) {
    children.push(
      new Table({
        rows: options.table.map(
          (row) => new TableRow({ children: row.map((cell) => new TableCell({ children: [new Paragraph(cell)] })) }),
        ),
      }),
    );
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

export async function makeXlsx(sheets: Record<string, Array<Array<string | number>>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) workbook.addWorksheet(name).addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Change the main part's content type of an OOXML package (docx → docm/dotx, xlsx → xlsm/xltx…). */
export async function retypeOoxml(bytes: Buffer, from: string, to: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const types = await zip.file("[Content_Types].xml")!.async("string");
  zip.file("[Content_Types].xml", types.replace(from, to));
  return zip.generateAsync({ type: "nodebuffer" });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A minimal valid PPTX: one slide per entry, each with a title box and a body box. */
export async function makePptx(slides: Array<{ title: string; body: string[] }>): Promise<Buffer> {
  const zip = new JSZip();
  const ns =
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${slides
      .map(
        (_, index) =>
          `<Override PartName="/ppt/slides/slide${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`,
      )
      .join("")}</Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
  );
  zip.file(
    "ppt/presentation.xml",
    `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${ns}><p:sldIdLst>${slides.map((_, index) => `<p:sldId id="${256 + index}" r:id="rId${index + 1}"/>`).join("")}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/></p:presentation>`,
  );
  zip.file(
    "ppt/_rels/presentation.xml.rels",
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${slides
      .map(
        (_, index) =>
          `<Relationship Id="rId${index + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide${index + 1}.xml"/>`,
      )
      .join("")}</Relationships>`,
  );
  const shape = (id: number, y: number, paragraphs: string[], size: number) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Text ${id}"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="${y}"/><a:ext cx="8229600" cy="1143000"/></a:xfrm></p:spPr><p:txBody><a:bodyPr/>${paragraphs
      .map((text) => `<a:p><a:r><a:rPr lang="en-US" sz="${size}"/><a:t>${escapeXml(text)}</a:t></a:r></a:p>`)
      .join("")}</p:txBody></p:sp>`;
  slides.forEach((slide, index) => {
    zip.file(
      `ppt/slides/slide${index + 1}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?><p:sld ${ns}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(2, 457200, [slide.title], 3200)}${shape(3, 1828800, slide.body, 1800)}</p:spTree></p:cSld></p:sld>`,
    );
  });
  return zip.generateAsync({ type: "nodebuffer" });
}
