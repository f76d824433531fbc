import { deflateSync } from "node:zlib";
import sharp from "sharp";
import {
  PDFDocument,
  PDFName,
  concatTransformationMatrix,
  degrees,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from "pdf-lib";
import { describe, expect, it } from "vitest";
import { makeImagePdf, makeTextPdf } from "../testing/make-pdfs";
import { openPdf } from "./load-pdf";
import { scannedPageImage } from "./scanned-page-image";
import type { ScanImage } from "./scan-image";
import { drawsOnlyAnImage, openStoredImages, storedScanImage } from "./stored-scan-image";

/** A 600×800 image with a black square in its top-left quarter and a grey bar, so orientation and values show. */
async function markedImage(): Promise<Buffer> {
  const square = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#000" } })
    .png()
    .toBuffer();
  const bar = await sharp({ create: { width: 200, height: 50, channels: 3, background: "#808080" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 600, height: 800, channels: 3, background: "#fff" } })
    .composite([
      { input: square, left: 0, top: 0 },
      { input: bar, left: 350, top: 700 },
    ])
    .greyscale()
    .png()
    .toBuffer();
}

async function storedImage(pdf: Buffer, pageIndex = 0): Promise<ScanImage | undefined> {
  const stored = await openStoredImages(pdf);
  if (!stored) return undefined;
  const document = await openPdf(pdf);
  try {
    return await storedScanImage(stored, pageIndex, (await document.getPage(pageIndex + 1)).view);
  } finally {
    await document.loadingTask.destroy();
  }
}

async function greyPixels(image: ScanImage): Promise<Buffer> {
  return sharp(image.input, image.decode).greyscale().extractChannel(0).raw().toBuffer();
}

/** A page of 600×800 points drawing one stored image XObject over the whole page. */
async function pdfWithImageStream(stream: {
  contents: Buffer;
  dict: Record<string, unknown>;
  softMask?: boolean;
}): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([600, 800]);
  const mask = stream.softMask
    ? {
        SMask: document.context.register(
          document.context.flateStream(Buffer.alloc(600 * 800, 128), {
            Type: "XObject",
            Subtype: "Image",
            Width: 600,
            Height: 800,
            BitsPerComponent: 8,
            ColorSpace: "DeviceGray",
          }),
        ),
      }
    : {};
  const image = document.context.register(
    document.context.stream(stream.contents, { Type: "XObject", Subtype: "Image", ...stream.dict, ...mask }),
  );
  page.node.setXObject(PDFName.of("Scan"), image);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(600, 0, 0, 800, 0, 0),
    drawObject("Scan"),
    popGraphicsState(),
  );
  return Buffer.from(await document.save());
}

describe("storedScanImage", () => {
  it("takes a Flate scan's pixels as stored, the same as pdfjs decodes them", async () => {
    const png = await markedImage();
    const pdf = await makeImagePdf([png]);
    const image = await storedImage(pdf);
    expect(image).toMatchObject({ width: 600, height: 800, decode: { raw: { width: 600, height: 800 } } });
    expect(image!.dpi).toBeCloseTo(300, 5);
    const document = await openPdf(pdf);
    const viaPdfjs = await scannedPageImage(await document.getPage(1));
    await document.loadingTask.destroy();
    expect((await greyPixels(image!)).equals(await greyPixels(viaPdfjs!))).toBe(true);
    expect((await greyPixels(image!)).equals(await sharp(png).extractChannel(0).raw().toBuffer())).toBe(true);
  });

  it("hands a JPEG scan to sharp as the JPEG file it is", async () => {
    const jpeg = await sharp(await markedImage())
      .jpeg({ quality: 90 })
      .toBuffer();
    const document = await PDFDocument.create();
    const embedded = await document.embedJpg(jpeg);
    const page = document.addPage([144, 192]);
    page.drawImage(embedded, { x: 0, y: 0, width: 144, height: 192 });
    const image = await storedImage(Buffer.from(await document.save()));
    expect(image?.decode).toBeUndefined();
    expect(image!.input.equals(jpeg)).toBe(true);
    expect(image!.dpi).toBeCloseTo(300, 5);
  });

  it("wraps PNG-predicted Flate rows as a PNG file", async () => {
    const pixels = await sharp(await markedImage())
      .extractChannel(0)
      .raw()
      .toBuffer();
    // Predictor 15: each row is a filter byte (0, none) and the row's bytes, deflated.
    const rows = Buffer.concat(
      Array.from({ length: 800 }, (_, y) => Buffer.concat([Buffer.from([0]), pixels.subarray(y * 600, (y + 1) * 600)])),
    );
    const pdf = await pdfWithImageStream({
      contents: deflateSync(rows),
      dict: {
        Width: 600,
        Height: 800,
        BitsPerComponent: 8,
        ColorSpace: "DeviceGray",
        Filter: "FlateDecode",
        DecodeParms: { Predictor: 15, Colors: 1, Columns: 600 },
      },
    });
    const image = await storedImage(pdf);
    expect(image?.decode).toBeUndefined();
    expect((await greyPixels(image!)).equals(pixels)).toBe(true);
  });

  it("leaves anything but one plain image over the upright page to pdfjs", async () => {
    const png = await markedImage();
    const withDrawing = await PDFDocument.create();
    const page = withDrawing.addPage([600, 800]);
    page.drawImage(await withDrawing.embedPng(png), { x: 0, y: 0, width: 600, height: 800 });
    page.drawRectangle({ x: 10, y: 10, width: 50, height: 50 });
    expect(await storedImage(Buffer.from(await withDrawing.save()))).toBeUndefined();

    const small = await PDFDocument.create();
    small.addPage([600, 800]).drawImage(await small.embedPng(png), { x: 100, y: 100, width: 300, height: 400 });
    expect(await storedImage(Buffer.from(await small.save()))).toBeUndefined();

    const turned = await PDFDocument.load(await makeImagePdf([png]));
    turned.getPage(0).setRotation(degrees(90));
    expect(await storedImage(Buffer.from(await turned.save()))).toBeUndefined();

    const pixels = await sharp(png).extractChannel(0).raw().toBuffer();
    const inverted = await pdfWithImageStream({
      contents: deflateSync(pixels),
      dict: {
        Width: 600,
        Height: 800,
        BitsPerComponent: 8,
        ColorSpace: "DeviceGray",
        Filter: "FlateDecode",
        Decode: [1, 0],
      },
    });
    expect(await storedImage(inverted)).toBeUndefined();
    // A soft mask lets the white page show through where the image is transparent.
    const masked = await pdfWithImageStream({
      contents: deflateSync(pixels),
      dict: { Width: 600, Height: 800, BitsPerComponent: 8, ColorSpace: "DeviceGray", Filter: "FlateDecode" },
      softMask: true,
    });
    expect(await storedImage(masked)).toBeUndefined();
    const cmyk = await pdfWithImageStream({
      contents: deflateSync(Buffer.alloc(600 * 800 * 4)),
      dict: { Width: 600, Height: 800, BitsPerComponent: 8, ColorSpace: "DeviceCMYK", Filter: "FlateDecode" },
    });
    expect(await storedImage(cmyk)).toBeUndefined();
  });

  it("refuses a stream that inflates beyond the image it claims to be, and serves nothing from a file that is no PDF", async () => {
    const pdf = await pdfWithImageStream({
      contents: deflateSync(Buffer.alloc(600 * 800 * 50, 255)),
      dict: { Width: 600, Height: 800, BitsPerComponent: 8, ColorSpace: "DeviceGray", Filter: "FlateDecode" },
    });
    expect(await storedImage(pdf)).toBeUndefined();
    const unparsable = await openStoredImages(Buffer.from("%PDF-1.7\nnot a pdf"));
    expect(unparsable && (await storedScanImage(unparsable, 0, [0, 0, 600, 800]))).toBeUndefined();
  });

  it("tells a page that draws one image and nothing else from one with text or nothing drawn", async () => {
    const scanned = await openStoredImages(await makeImagePdf([await markedImage()]));
    expect(drawsOnlyAnImage(scanned!, 0)).toBe(true);
    const digital = await openStoredImages(await makeTextPdf([["Invoice 4821"]]));
    expect(drawsOnlyAnImage(digital!, 0)).toBe(false);
    const overlaid = await PDFDocument.load(await makeImagePdf([await markedImage()]));
    overlaid.getPage(0).drawText("text over the scan", { x: 10, y: 10, size: 12 });
    expect(drawsOnlyAnImage(overlaid, 0)).toBe(false);
    const blank = await PDFDocument.create();
    blank.addPage([600, 800]);
    expect(drawsOnlyAnImage(blank, 0)).toBe(false);
  });
});
