import {
  deeplyNestedDocx,
  hugeTextDocx,
  paragraphBombDocx,
  partsOf,
  withBomb,
  writeZip,
} from "@/lib/documents/testing/make-archive-bombs";
import {
  bmpDeclaring,
  encryptedOfficeFile,
  gifDeclaring,
  inflatingPdf,
  jpegDeclaring,
  loopingPageTreePdf,
  miscountedZeroPagePdf,
  pngDeclaring,
  pngWithGarbledPixels,
  psdDeclaring,
  svgDeclaring,
  tiffDeclaring,
  zeroPagePdf,
} from "@/lib/documents/testing/make-hostile-files";
import { makeDocx, makePptx, makeXlsx } from "@/lib/documents/testing/make-office-files";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { renderTextImage } from "@/lib/documents/testing/render-text-image";

// The malformed and hostile files of the fuzz suite, generated here, one per row. `atUpload`: the
// file can be refused from its bytes alone (type, header, structure), so even the batch upload,
// which reads pages later, refuses it before storing anything.

export interface HostileFile {
  label: string;
  name: string;
  bytes: Buffer;
  atUpload: boolean;
}

const wordTypes =
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

function truncate(bytes: Buffer, fraction: number): Buffer {
  return bytes.subarray(0, Math.max(1, Math.floor(bytes.length * fraction)));
}

/** A PDF whose one page is 14,400 × 14,400 pt (the largest PDF allows) with nothing on it. */
async function hugePagePdf(): Promise<Buffer> {
  const { PDFDocument } = await import("pdf-lib");
  const document = await PDFDocument.create();
  document.addPage([14_400, 14_400]);
  return Buffer.from(await document.save());
}

export async function hostileFiles(): Promise<HostileFile[]> {
  const pdf = await makeTextPdf([["Invoice 12"], ["Page two"]]);
  const png = await renderTextImage(["Receipt 7731"], { fontSize: 32 });
  const docx = await makeDocx({ heading: "Report", paragraphs: ["Revenue grew."] });
  const xlsx = await makeXlsx({ Sheet: [["Total", 10]] });
  const pptx = await makePptx([{ title: "Slide", body: ["one"] }]);
  const rows: Array<[label: string, name: string, bytes: Buffer, atUpload?: boolean]> = [
    ["empty file", "empty.pdf", Buffer.alloc(0)],
    ["one byte", "one.bin", Buffer.from([0xff])],
    ["random bytes", "random.bin", Buffer.from(Array.from({ length: 1024 }, (_, index) => (index * 7919 + 13) % 251))],
    [
      "text that is not UTF-8",
      "notes.txt",
      Buffer.from(Array.from({ length: 512 }, (_, index) => (index % 2 ? 0x28 : 0xc3))),
    ],
    ["truncated PDF", "cut.pdf", truncate(pdf, 0.3)],
    [
      "corrupt PDF",
      "corrupt.pdf",
      Buffer.from(
        "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF garbage",
      ),
    ],
    ["zero-page PDF", "none.pdf", zeroPagePdf()],
    ["truncated PNG header", "cut.png", png.subarray(0, 20)],
    ["truncated JPEG", "cut.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a])],
    ["truncated TIFF", "cut.tif", Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00])],
    ["truncated GIF", "cut.gif", Buffer.from("GIF89a\x01", "latin1")],
    ["truncated WebP", "cut.webp", Buffer.from("RIFF\x20\x00\x00\x00WEBPVP8 ", "latin1")],
    ["truncated BMP", "cut.bmp", bmpDeclaring(10, 10).subarray(0, 30)],
    ["truncated DOCX", "cut.docx", truncate(docx, 0.6)],
    ["truncated XLSX", "cut.xlsx", truncate(xlsx, 0.6)],
    ["truncated PPTX", "cut.pptx", truncate(pptx, 0.6)],
    [
      "DOCX with a damaged part",
      "damaged.docx",
      writeZip([
        { name: "[Content_Types].xml", data: wordTypes },
        { name: "word/document.xml", compressed: Buffer.from("not deflate data at all") },
      ]),
    ],
    ["password-protected Office file", "secret.docx", encryptedOfficeFile()],
    [
      "DOCX in an encrypted ZIP",
      "locked.docx",
      writeZip([
        { name: "[Content_Types].xml", data: wordTypes },
        { name: "word/document.xml", data: "<w:document/>", encrypted: true },
      ]),
    ],
    ["PNG declaring 50,000² pixels", "bomb.png", pngDeclaring(50_000, 50_000)],
    ["TIFF declaring 50,000² pixels", "bomb.tif", tiffDeclaring(50_000, 50_000)],
    ["GIF declaring 65,535² pixels", "bomb.gif", gifDeclaring(65_535, 65_535)],
    ["JPEG declaring 60,000² pixels", "bomb.jpg", jpegDeclaring(60_000, 60_000)],
    ["BMP declaring 50,000² pixels", "bomb.bmp", bmpDeclaring(50_000, 50_000)],
    ["PSD declaring 30,000² pixels", "bomb.psd", psdDeclaring(30_000, 30_000)],
    ["SVG declaring 100,000² pixels", "bomb.svg", svgDeclaring(100_000, 100_000)],
    ["DOCX with 2,000,000 paragraphs", "paragraphs.docx", paragraphBombDocx(2_000_000)],
    ["DOCX with 100 MB of text", "text.docx", hugeTextDocx(100)],
    ["DOCX nested 5,000 levels", "nested.docx", deeplyNestedDocx(5_000)],
    [
      "DOCX declaring a DTD",
      "dtd.docx",
      writeZip([
        { name: "[Content_Types].xml", data: wordTypes },
        { name: "word/document.xml", data: '<!DOCTYPE d [<!ENTITY a "aaaa">]><d>&a;</d>' },
      ]),
    ],
    // Bombs in XML parts, refused at the 64 MB part limit (the 256 MB total is covered by the unit tests).
    ["XLSX zip bomb", "bomb.xlsx", withBomb(await partsOf(xlsx), { name: "xl/worksheets/sheet9.xml", megabytes: 100 })],
    [
      "PPTX zip bomb declaring small sizes",
      "bomb.pptx",
      withBomb(await partsOf(pptx), { name: "ppt/slides/slide9.xml", megabytes: 100, declaredSize: 10 }),
    ],
    ["PNG with its pixel data cut off", "damaged.png", png.subarray(0, Math.floor(png.length / 2))],
    ["PNG whose pixel data is not deflate data", "garbled.png", pngWithGarbledPixels()],
    ["PDF whose page tree lists itself", "loop.pdf", loopingPageTreePdf("self")],
    ["PDF whose page tree loops through a child", "cycle.pdf", loopingPageTreePdf("child")],
    ["PDF counting a page its tree lacks", "miscounted.pdf", miscountedZeroPagePdf()],
    ["PDF page of 14,400 × 14,400 pt", "poster.pdf", await hugePagePdf()],
    ["PDF whose content stream inflates to 2 GB", "inflating.pdf", inflatingPdf(2048)],
    ["PDF whose object stream inflates to 512 MB", "objects.pdf", inflatingPdf(512, { inObjectStream: true })],
  ];
  return rows.map(([label, name, bytes, atUpload = true]) => ({ label, name, bytes, atUpload }));
}
