import { createCanvas } from "@napi-rs/canvas";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";

/** Render one PDF page to a PNG at a resolution in DPI (72 = 1 pixel per point). */
export async function renderPdfPage(page: PDFPageProxy, dpi: number): Promise<{ png: Buffer; width: number; height: number }> {
  const viewport = page.getViewport({ scale: dpi / 72 });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  // pdfjs's types name DOM canvases; @napi-rs/canvas implements the same 2D API.
  await page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, viewport, canvas: canvas as unknown as HTMLCanvasElement }).promise;
  return { png: await canvas.encode("png"), width, height };
}
