import { createCanvas, type Canvas } from "@napi-rs/canvas";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";

async function drawPage(page: PDFPageProxy, dpi: number): Promise<Canvas> {
  const viewport = page.getViewport({ scale: dpi / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  // pdfjs's types name DOM canvases; @napi-rs/canvas implements the same 2D API.
  await page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, viewport, canvas: canvas as unknown as HTMLCanvasElement }).promise;
  return canvas;
}

/** Render one PDF page to a PNG at a resolution in DPI (72 = 1 pixel per point). */
export async function renderPdfPage(page: PDFPageProxy, dpi: number): Promise<{ png: Buffer; width: number; height: number }> {
  const canvas = await drawPage(page, dpi);
  return { png: await canvas.encode("png"), width: canvas.width, height: canvas.height };
}

/**
 * Render one PDF page to raw RGBA pixels (opaque: the page is painted white first). OCR reads these
 * directly; encoding a 300-DPI page as PNG costs about as much CPU as drawing it.
 */
export async function renderPdfPagePixels(page: PDFPageProxy, dpi: number): Promise<{ rgba: Buffer; width: number; height: number }> {
  const canvas = await drawPage(page, dpi);
  return { rgba: canvas.data(), width: canvas.width, height: canvas.height };
}
