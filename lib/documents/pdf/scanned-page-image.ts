import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { loadPdfjs } from "./load-pdf";

// A scanned PDF page is usually one image drawn over the whole page. Its pixels can be taken as
// they are stored instead of rendering the page: drawing a 300-DPI page costs about as much CPU as
// normalising it, and the stored pixels are the scanner's own, with no resampling.

export interface ScannedPageImage {
  /** Undecoded pixels for sharp's `raw` input. */
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  /** Pixels per inch of the image on the page. */
  dpi: number;
}

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data?: Uint8ClampedArray;
}

/** Within 1% of the page's size: where scanners and PDF makers round the image's placement. */
function coversPage(matrix: Matrix, view: number[]): boolean {
  const [x0, y0, x1, y1] = view;
  const width = x1 - x0;
  const height = y1 - y0;
  const close = (a: number, b: number, size: number) => Math.abs(a - b) <= size * 0.01;
  return (
    close(matrix[1], 0, height) && close(matrix[2], 0, width) &&
    close(matrix[0], width, width) && close(matrix[3], height, height) &&
    close(matrix[4], x0, width) && close(matrix[5], y0, height)
  );
}

/**
 * The page's one image when the page is nothing but that image, upright and covering the page;
 * undefined for anything else (several images, vector drawing, text, a rotated page, 1-bit images
 * stored as packed bits), which is then rendered as before.
 */
export async function scannedPageImage(page: PDFPageProxy): Promise<ScannedPageImage | undefined> {
  if (page.rotate % 360 !== 0) return undefined;
  const { OPS, ImageKind } = await loadPdfjs();
  const operators = await page.getOperatorList();
  const stack: Matrix[] = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  let image: { id: string; matrix: Matrix } | undefined;
  for (let index = 0; index < operators.fnArray.length; index++) {
    const operator = operators.fnArray[index];
    const args = operators.argsArray[index] as unknown[];
    if (operator === OPS.save) stack.push(matrix);
    else if (operator === OPS.restore) matrix = stack.pop() ?? matrix;
    else if (operator === OPS.transform) matrix = multiply(matrix, args as Matrix);
    else if (operator === OPS.paintImageXObject && !image) image = { id: String(args[0]), matrix };
    else if (operator !== OPS.dependency) return undefined;
  }
  if (!image || !coversPage(image.matrix, page.view)) return undefined;
  const id = image.id;
  const decoded = await new Promise<DecodedImage>((resolve) => page.objs.get(id, resolve));
  if (!decoded?.data) return undefined;
  const channels = decoded.kind === ImageKind.RGBA_32BPP ? 4 : decoded.kind === ImageKind.RGB_24BPP ? 3 : undefined;
  if (!channels || decoded.data.length !== decoded.width * decoded.height * channels) return undefined;
  const pageWidthInches = (page.view[2] - page.view[0]) / 72;
  return {
    pixels: Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength),
    width: decoded.width,
    height: decoded.height,
    channels,
    dpi: decoded.width / pageWidthInches,
  };
}
