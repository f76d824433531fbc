import { createCanvas, type Canvas } from "@napi-rs/canvas";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { DocumentError } from "@/lib/errors/document-error";

/** The most pixels one rendered page may have; larger pages are rendered at a lower resolution. */
export const maxRenderPixels = 60_000_000;
/** Below this resolution a rendered page is useless for reading, so such a page is refused instead. */
const minRenderDpi = 72;

/**
 * The scale to render at: the wanted DPI, lowered for a very large page so it stays within
 * maxRenderPixels.
 */
function renderScale(page: PDFPageProxy, dpi: number): number {
  assertRenderablePage(page);
  const { width, height } = page.getViewport({ scale: 1 });
  return Math.min(dpi / 72, Math.sqrt(maxRenderPixels / Math.max(1, width * height)));
}

/**
 * Refuses a page too large to render even at 72 DPI (PDF allows 14,400 pt, 200 in, a side) with a
 * clear message rather than a failure inside the canvas library. Uploads check every page with it.
 */
export function assertRenderablePage(page: PDFPageProxy): void {
  const { width, height } = page.getViewport({ scale: 1 });
  if (Math.sqrt(maxRenderPixels / Math.max(1, width * height)) >= minRenderDpi / 72) return;
  const inches = (points: number) => Math.round(points / 72);
  throw new DocumentError(
    "image_too_large",
    `Page ${page.pageNumber} is ${Math.round(width).toLocaleString("en")} × ${Math.round(height).toLocaleString("en")} pt (${inches(width)} × ${inches(height)} in); ` +
      `pages are rendered for reading only up to ${maxRenderPixels.toLocaleString("en")} pixels at 72 DPI or more`,
  );
}

async function drawPage(page: PDFPageProxy, dpi: number): Promise<{ canvas: Canvas; dpi: number }> {
  const scale = renderScale(page, dpi);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  // pdfjs's types name DOM canvases; @napi-rs/canvas implements the same 2D API.
  await page.render({
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
    canvas: canvas as unknown as HTMLCanvasElement,
  }).promise;
  return { canvas, dpi: scale * 72 };
}

/** Render one PDF page to a PNG at a resolution in DPI (72 = 1 pixel per point). */
export async function renderPdfPage(
  page: PDFPageProxy,
  dpi: number,
): Promise<{ png: Buffer; width: number; height: number }> {
  const { canvas } = await drawPage(page, dpi);
  return { png: await canvas.encode("png"), width: canvas.width, height: canvas.height };
}

/**
 * Render one PDF page to raw RGBA pixels (opaque: the page is painted white first). OCR reads these
 * directly; encoding a 300-DPI page as PNG costs about as much CPU as drawing it.
 */
export async function renderPdfPagePixels(
  page: PDFPageProxy,
  dpi: number,
): Promise<{ rgba: Buffer; width: number; height: number; dpi: number }> {
  const { canvas, dpi: renderedDpi } = await drawPage(page, dpi);
  return { rgba: canvas.data(), width: canvas.width, height: canvas.height, dpi: renderedDpi };
}
