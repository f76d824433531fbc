import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentOcrEngine } from "@/lib/ocr/ocr-engine";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { formats } from "./formats";
import { findSoffice } from "./office/convert-with-libreoffice";
import { convertWithLibreOffice } from "./office/convert-with-libreoffice";
import { readDocument } from "./read-document";
import { inspectDocument } from "./inspect-document";
import { encodeHeic, hasHeifEncoder } from "./testing/encode-heic";
import { encodeBmp, encodePsd, encodeWordPerfect } from "./testing/encode-images";
import { makeDocx, makePptx, makeXlsx, retypeOoxml } from "./testing/make-office-files";
import { makeQuattroPro } from "./testing/make-quattro-pro";
import { makeImagePdf, makeTextPdf } from "./testing/make-pdfs";
import { renderTextImage, renderTextPixels, textSvg } from "./testing/render-text-image";

// Every registry entry is read from a sample generated here (or converted from one by LibreOffice)
// and must yield its known text: the registry cannot claim a format nobody tested.

const phrase = "Invoice 4821 Total 96.40";
const words = ["Invoice", "4821", "Total", "96.40"];
const hasLibreOffice = Boolean(findSoffice());
// HEIC samples come from libheif's heif-enc (Debian libheif-examples); nothing on npm encodes HEIC.
const hasHeifEnc = hasHeifEncoder();
const samples = new Map<string, { bytes: Buffer; fileName: string }>();
const quattroSheets = {
  Summary: [
    ["Invoice", 4821],
    ["Total", 96.4],
  ],
  Items: [
    ["Item", "Qty", "Price"],
    ["Paper", 2, 12.5],
    ["Ink", 1, 30.25],
    ["Stapler", 3, 9.99],
  ],
};

function normalise(text: string): string {
  return text.replace(/\s+/g, " ").toLowerCase();
}

beforeAll(async () => {
  const docx = await makeDocx({
    heading: "Quarterly Report",
    paragraphs: [phrase],
    table: [
      ["Item", "Amount"],
      ["Paper", "12.50"],
    ],
  });
  const xlsx = await makeXlsx({
    Summary: [
      ["Invoice", 4821],
      ["Total", 96.4],
    ],
    Second: [["Other", "sheet"]],
  });
  const pptx = await makePptx([
    { title: "Slide One", body: [phrase] },
    { title: "Slide Two", body: ["Second slide"] },
  ]);
  const image = (format: "png" | "jpeg" | "webp" | "gif" | "tiff" | "avif") =>
    renderTextImage([phrase], { format, fontSize: 40 });
  const pixels = await renderTextPixels([phrase], 40);
  const add = (id: string, bytes: Buffer, fileName: string) => samples.set(id, { bytes, fileName });
  add("pdf", await makeTextPdf([[phrase]]), "a.pdf");
  add("docx", docx, "a.docx");
  add(
    "docm",
    await retypeOoxml(docx, "wordprocessingml.document.main+xml", "ms-word.document.macroEnabled.main+xml"),
    "a.docm",
  );
  add(
    "dotx",
    await retypeOoxml(docx, "wordprocessingml.document.main+xml", "wordprocessingml.template.main+xml"),
    "a.dotx",
  );
  add("xlsx", xlsx, "a.xlsx");
  add(
    "xlsm",
    await retypeOoxml(xlsx, "spreadsheetml.sheet.main+xml", "ms-excel.sheet.macroEnabled.main+xml"),
    "a.xlsm",
  );
  add("xltx", await retypeOoxml(xlsx, "spreadsheetml.sheet.main+xml", "spreadsheetml.template.main+xml"), "a.xltx");
  add("pptx", pptx, "a.pptx");
  add(
    "pptm",
    await retypeOoxml(pptx, "presentationml.presentation.main+xml", "ms-powerpoint.presentation.macroEnabled.main+xml"),
    "a.pptm",
  );
  add("txt", Buffer.from(`${phrase}\n\nSecond paragraph`), "a.txt");
  add("md", Buffer.from(`# Title\n\n${phrase}\n`), "a.md");
  add(
    "html",
    Buffer.from(
      `<!DOCTYPE html><html><head><style>p{}</style></head><body><h1>Title</h1><p>${phrase}</p></body></html>`,
    ),
    "a.html",
  );
  add("xml", Buffer.from(`<?xml version="1.0"?><invoice><line>${phrase}</line></invoice>`), "a.xml");
  add("json", Buffer.from(JSON.stringify({ text: phrase })), "a.json");
  add("csv", Buffer.from(`Invoice,4821\n"Total, incl. tax",96.40\n`), "a.csv");
  add("tsv", Buffer.from(`Invoice\t4821\nTotal\t96.40\n`), "a.tsv");
  add("png", await image("png"), "a.png");
  add("jpeg", await image("jpeg"), "a.jpg");
  add("webp", await image("webp"), "a.webp");
  add("gif", await image("gif"), "a.gif");
  add("avif", await image("avif"), "a.avif");
  add("tiff", await image("tiff"), "a.tiff");
  if (hasHeifEnc) add("heic", encodeHeic(await image("png")), "a.heic");
  add("bmp", encodeBmp(pixels), "a.bmp");
  add("psd", encodePsd(pixels), "a.psd");
  add("svg", textSvg([phrase], { fontSize: 40 }), "a.svg");
  add("wpd", encodeWordPerfect([phrase, "Second paragraph"]), "a.wpd");
  // LibreOffice imports Quattro Pro but cannot export it, so the notebook is written byte by byte.
  add("qpw", makeQuattroPro(quattroSheets), "a.qpw");
  if (hasLibreOffice) {
    const convert = async (id: string, source: Buffer, from: string) =>
      add(id, await convertWithLibreOffice(source, { inputExtension: from, target: id, formatName: id }), `a.${id}`);
    await Promise.all([
      convert("doc", docx, "docx"),
      convert("rtf", docx, "docx"),
      convert("odt", docx, "docx"),
      convert("xls", xlsx, "xlsx"),
      convert("ods", xlsx, "xlsx"),
      convert("ppt", pptx, "pptx"),
      convert("odp", pptx, "pptx"),
    ]);
  }
}, 240_000);

afterAll(terminateOcrPool);

describe("readDocument over the format registry", () => {
  it("holds at least 30 formats, each with id, extensions, mime and kind", () => {
    expect(formats.length).toBeGreaterThanOrEqual(30);
    expect(new Set(formats.map((format) => format.id)).size).toBe(formats.length);
  });

  for (const format of formats) {
    const needsSoffice = format.requiresLibreOffice && !["wpd", "qpw"].includes(format.id);
    it.skipIf((format.requiresLibreOffice && !hasLibreOffice) || (format.id === "heic" && !hasHeifEnc))(
      `reads ${format.id}`,
      async () => {
        const sample = samples.get(format.id);
        if (!sample)
          throw new Error(`No generated sample for ${format.id}${needsSoffice ? " (LibreOffice missing)" : ""}`);
        // The name is withheld where the bytes alone must decide.
        const fileName = format.reader === "csv" || ["txt", "md"].includes(format.id) ? sample.fileName : undefined;
        const result = await readDocument({ bytes: sample.bytes, fileName });
        expect(result.type.id).toBe(format.id);
        const text = normalise(result.pages.map((page) => page.text).join("\n"));
        for (const word of words) {
          if (format.kind === "spreadsheet" && word === "96.40") continue;
          expect(text, `${format.id}: ${text}`).toContain(word.toLowerCase());
        }
        expect(result.pagesProcessed).toBe(result.pages.length);
        for (const page of result.pages) {
          expect(page.error).toBeUndefined();
          for (const word of page.words) {
            expect(word.box.x).toBeGreaterThanOrEqual(0);
            expect(word.box.x + word.box.width).toBeLessThanOrEqual(1.0001);
            expect(word.box.y + word.box.height).toBeLessThanOrEqual(1.0001);
          }
        }
      },
    );
  }

  it("keeps sheets, slides and tables as pages and tables", async () => {
    const xlsx = await readDocument({ bytes: samples.get("xlsx")!.bytes });
    expect(xlsx.pages).toHaveLength(2);
    expect(xlsx.pages[0].tables?.[0].rows).toEqual([
      ["Invoice", "4821"],
      ["Total", "96.4"],
    ]);
    expect(xlsx.pages[0].sheetName).toBe("Summary");
    const csv = await readDocument({ bytes: samples.get("csv")!.bytes, fileName: "a.csv" });
    expect(csv.pages[0].tables?.[0].rows[1]).toEqual(["Total, incl. tax", "96.40"]);
    const pptx = await readDocument({ bytes: samples.get("pptx")!.bytes });
    expect(pptx.pages.map((page) => page.lines[0].text)).toEqual(["Slide One", "Slide Two"]);
    const docx = await readDocument({ bytes: samples.get("docx")!.bytes });
    expect(docx.pages[0].lines[0].text).toBe("Quarterly Report");
    expect(docx.pages[0].tables?.[0].rows).toEqual([
      ["Item", "Amount"],
      ["Paper", "12.50"],
    ]);
  });

  it.skipIf(!hasLibreOffice)("reads every sheet and cell of a Quattro Pro notebook", async () => {
    const result = await readDocument({ bytes: samples.get("qpw")!.bytes });
    expect(result.pages.map((page) => page.sheetName)).toEqual(["Summary", "Items"]);
    expect(result.pages.map((page) => page.tables?.[0].rows)).toEqual([
      [
        ["Invoice", "4821"],
        ["Total", "96.4"],
      ],
      [
        ["Item", "Qty", "Price"],
        ["Paper", "2", "12.5"],
        ["Ink", "1", "30.25"],
        ["Stapler", "3", "9.99"],
      ],
    ]);
  });

  it("reads every page of a multi-page TIFF", async () => {
    const first = await sharp(textSvg(["Page one alpha"], { fontSize: 40 }))
      .png()
      .toBuffer();
    const second = await sharp(textSvg(["Page two bravo"], { fontSize: 40 }))
      .png()
      .toBuffer();
    const { width, height } = await sharp(first).metadata();
    const tiff = await sharp(
      [first, await sharp(second).resize(width, height, { fit: "contain", background: "#fff" }).toBuffer()],
      { join: { animated: true } },
    )
      .tiff()
      .toBuffer();
    expect((await inspectDocument(tiff)).pageCount).toBe(2);
    const result = await readDocument({ bytes: tiff });
    expect(result.pages.map((page) => normalise(page.text))).toEqual(["page one alpha", "page two bravo"]);
  });

  it.skipIf(!hasHeifEnc)("refuses an oversized HEIC from its container before decoding it", async () => {
    await expect(readDocument({ bytes: samples.get("heic")!.bytes, maxPixels: 1_000 })).rejects.toMatchObject({
      code: "image_too_large",
    });
    const truncated = samples.get("heic")!.bytes.subarray(0, 600);
    await expect(readDocument({ bytes: truncated })).rejects.toMatchObject({ code: "corrupt_document" });
  });

  it("applies EXIF orientation before OCR", async () => {
    const upright = await renderTextImage([phrase], { fontSize: 40 });
    // Stored rotated 90° with orientation 6 (view rotated 90° clockwise): readers must turn it back.
    const stored = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const result = await readDocument({ bytes: stored });
    const { width, height } = await sharp(upright).metadata();
    expect(result.pages[0].width).toBe(width);
    expect(result.pages[0].height).toBe(height);
    expect(normalise(result.pages[0].text)).toContain("invoice 4821");
  });

  it("reads scanned PDF pages by OCR and digital pages from the text layer", async () => {
    const scanned = await makeImagePdf([await renderTextImage(["Scanned page 7"], { fontSize: 50 })]);
    const result = await readDocument({ bytes: scanned, renderImages: true });
    expect(result.pages[0].source).toBe("ocr");
    expect(result.engine).toBe(currentOcrEngine());
    expect(normalise(result.pages[0].text)).toContain("scanned page 7");
    expect(result.pages[0].image?.subarray(1, 4).toString()).toBe("PNG");
    const digital = await readDocument({ bytes: samples.get("pdf")!.bytes });
    expect(digital.pages[0].source).toBe("text_layer");
    expect(digital.engine).toBeNull();
    expect(digital.tokens).toBe(1000);
  });

  it("reads a scan's later pages by OCR without their text layer, and still reads text drawn over a scan", async () => {
    const scan = await renderTextImage(["Scanned page 7"], { fontSize: 50 });
    const document = await PDFDocument.load(await makeImagePdf([scan, scan, scan, scan, scan]));
    const font = await document.embedFont(StandardFonts.Helvetica);
    const overlaid = document.getPage(4);
    overlaid.drawText("Searchable 4821", { x: 4, y: 4, size: 8, font });
    const text = document.addPage([612, 792]);
    text.drawText("A digital page after the scans", { x: 72, y: 700, size: 12, font });
    const result = await readDocument({ bytes: Buffer.from(await document.save()) });
    expect(result.pages.map((page) => page.source)).toEqual(["ocr", "ocr", "ocr", "ocr", "text_layer", "text_layer"]);
    for (const page of result.pages.slice(0, 4)) expect(normalise(page.text)).toContain("scanned page 7");
    expect(result.pages[4].text).toContain("Searchable 4821");
    expect(result.pages[5].text).toContain("A digital page after the scans");
  });
});
