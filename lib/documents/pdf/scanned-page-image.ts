import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { loadPdfjs } from "./load-pdf";
import { coversPage, multiply, type Matrix } from "./page-geometry";
import type { ScanImage } from "./scan-image";

// A scanned PDF page is usually one image drawn over the whole page. Its pixels can be taken as
// they are stored instead of rendering the page: drawing a 300-DPI page costs about as much CPU as
// normalising it, and the stored pixels are the scanner's own, with no resampling.

interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data?: Uint8ClampedArray;
}

/**
 * The page's one image when the page is nothing but that image, upright and covering the page;
 * undefined for anything else (several images, vector drawing, text, a rotated page, 1-bit images
 * stored as packed bits), which is then rendered as before.
 */
export async function scannedPageImage(page: PDFPageProxy): Promise<ScanImage | undefined> {
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
    input: Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength),
    decode: { raw: { width: decoded.width, height: decoded.height, channels } },
    width: decoded.width,
    height: decoded.height,
    dpi: decoded.width / pageWidthInches,
  };
}
