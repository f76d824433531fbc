import sharp from "sharp";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { makeImagePdf } from "../testing/make-pdfs";
import { openPdf } from "./load-pdf";
import { scannedPageImage } from "./scanned-page-image";

async function firstPageImage(pdf: Buffer) {
  const document = await openPdf(pdf);
  try {
    return await scannedPageImage(await document.getPage(1));
  } finally {
    await document.loadingTask.destroy();
  }
}

/** A 600×800 image with a black square in its top-left quarter, so orientation shows. */
async function markedImage(): Promise<Buffer> {
  const square = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#000" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 600, height: 800, channels: 3, background: "#fff" } })
    .composite([{ input: square, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

describe("scannedPageImage", () => {
  it("takes a full-page scan's own pixels, upright, with its resolution", async () => {
    const pdf = await makeImagePdf([await markedImage()]);
    const image = await firstPageImage(pdf);
    expect(image).toBeDefined();
    expect([image!.width, image!.height]).toEqual([600, 800]);
    const page = (await PDFDocument.load(pdf)).getPage(0);
    expect(image!.dpi).toBeCloseTo(600 / (page.getWidth() / 72), 5);
    const channels = image!.decode!.raw!.channels;
    const pixel = (x: number, y: number) => image!.input[(y * image!.width + x) * channels];
    expect(pixel(10, 10)).toBeLessThan(30);
    expect(pixel(590, 790)).toBeGreaterThan(225);
  });

  it("leaves a page with anything besides the one image to the renderer", async () => {
    const document = await PDFDocument.create();
    const page = document.addPage([600, 800]);
    const png = await document.embedPng(await markedImage());
    page.drawImage(png, { x: 0, y: 0, width: 600, height: 800 });
    page.drawRectangle({ x: 10, y: 10, width: 50, height: 50 });
    expect(await firstPageImage(Buffer.from(await document.save()))).toBeUndefined();

    const small = await PDFDocument.create();
    small
      .addPage([600, 800])
      .drawImage(await small.embedPng(await markedImage()), { x: 100, y: 100, width: 300, height: 400 });
    expect(await firstPageImage(Buffer.from(await small.save()))).toBeUndefined();
  });
});
