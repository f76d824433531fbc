import { crc32, inflateSync } from "node:zlib";
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  decodePDFRawStream,
  type PDFObject,
} from "pdf-lib";
import sharp from "sharp";
import { openPdfLib } from "./open-pdf-lib";
import { coversPage, multiply, type Matrix } from "./page-geometry";
import type { ScanImage } from "./scan-image";

// The stored bytes of a scanned page, handed to sharp without pdfjs decoding them. pdfjs decodes a
// page's image in JavaScript while it builds the operator list (a 300-DPI page costs 150–300 ms of
// CPU, a JPEG more) and hands it over as RGB even when the scan is grey; libjpeg-turbo and zlib do
// the same work in a fraction of that. Only the plain cases are taken: one 8-bit grey or RGB image
// drawn over the whole upright page, stored as JPEG or Flate (raw rows, or PNG-predicted rows, which
// are a PNG's image data as they stand). Anything else returns undefined and pdfjs takes the page.

/** The pdf-lib view of a document for taking its scans' bytes; undefined when it cannot serve (encrypted, unparsable). */
export async function openStoredImages(bytes: Buffer): Promise<PDFDocument | undefined> {
  return storedImagesOf(await openPdfLib(bytes));
}

/** The document itself when its scans can be taken from it: the streams of an encrypted file are ciphertext to pdf-lib. */
export function storedImagesOf(document: PDFDocument | undefined): PDFDocument | undefined {
  return document?.isEncrypted ? undefined : document;
}

type Token = { number: number } | { name: string } | { operator: string };

/** Tokens of a content stream made only of numbers, names and operators; undefined at anything else (strings, arrays, inline images). */
function contentTokens(content: string): Token[] | undefined {
  const tokens: Token[] = [];
  const pattern = /\s+|%[^\r\n]*|(\/[^\s/<>[\](){}%]*)|([+-]?(?:\d+\.?\d*|\.\d+))|([A-Za-z'"*]+)|(.)/gy;
  for (const match of content.matchAll(pattern)) {
    const [, name, number, operator, other] = match;
    if (other !== undefined) return undefined;
    if (name !== undefined) tokens.push({ name: name.slice(1) });
    else if (number !== undefined) tokens.push({ number: Number(number) });
    else if (operator !== undefined) tokens.push({ operator });
  }
  return tokens;
}

/** The one image drawn by a content stream of q/Q/cm/Do only, with its placement; undefined for anything richer. */
function soleImageDrawing(content: string): { name: string; matrix: Matrix } | undefined {
  const tokens = contentTokens(content);
  if (!tokens) return undefined;
  const stack: Matrix[] = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  let operands: Token[] = [];
  let drawn: { name: string; matrix: Matrix } | undefined;
  for (const token of tokens) {
    if (!("operator" in token)) {
      operands.push(token);
      continue;
    }
    const numbers = operands.map((operand) => ("number" in operand ? operand.number : Number.NaN));
    if (token.operator === "q" && operands.length === 0) stack.push(matrix);
    else if (token.operator === "Q" && operands.length === 0) matrix = stack.pop() ?? matrix;
    else if (token.operator === "cm" && numbers.length === 6 && numbers.every(Number.isFinite))
      matrix = multiply(matrix, numbers as Matrix);
    else if (token.operator === "Do" && operands.length === 1 && "name" in operands[0] && !drawn)
      drawn = { name: operands[0].name, matrix };
    else return undefined;
    operands = [];
  }
  return operands.length === 0 ? drawn : undefined;
}

function pageContent(document: PDFDocument, pageIndex: number): string | undefined {
  const contents = document.getPage(pageIndex).node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((item) => document.context.lookup(item)) : [contents];
  const parts: string[] = [];
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) return undefined;
    parts.push(Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1"));
  }
  // Content streams split across an array join as if one, with whitespace between the parts.
  return parts.join("\n");
}

const lookup = (document: PDFDocument, object: PDFObject | undefined) =>
  object instanceof PDFRef ? document.context.lookup(object) : object;

/** Components per pixel of a grey or RGB colour space; undefined for CMYK, indexed, Lab and the like. */
function colourComponents(document: PDFDocument, space: PDFObject | undefined): 1 | 3 | undefined {
  const resolved = lookup(document, space);
  if (resolved instanceof PDFName)
    return resolved === PDFName.of("DeviceGray") ? 1 : resolved === PDFName.of("DeviceRGB") ? 3 : undefined;
  if (!(resolved instanceof PDFArray) || lookup(document, resolved.get(0)) !== PDFName.of("ICCBased")) return undefined;
  const profile = lookup(document, resolved.get(1));
  const count = profile instanceof PDFRawStream ? lookup(document, profile.dict.get(PDFName.of("N"))) : undefined;
  return count instanceof PDFNumber && (count.asNumber() === 1 || count.asNumber() === 3)
    ? (count.asNumber() as 1 | 3)
    : undefined;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG file around PNG-predicted Flate data: PDF's predictors 10–15 store exactly a PNG's filtered rows. */
function pngAround(compressedRows: Uint8Array, width: number, height: number, components: 1 | 3): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, components === 1 ? 0 : 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from(compressedRows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const numberIn = (document: PDFDocument, dict: PDFDict, key: string) => {
  const value = lookup(document, dict.get(PDFName.of(key)));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
};

/** The image's bytes for sharp, or undefined when its encoding is not one of the plain cases. */
function imageInput(
  document: PDFDocument,
  image: PDFRawStream,
  width: number,
  height: number,
  components: 1 | 3,
): Pick<ScanImage, "input" | "decode"> | undefined {
  const filter = lookup(document, image.dict.get(PDFName.of("Filter")));
  const filters =
    filter instanceof PDFArray ? filter.asArray().map((item) => lookup(document, item)) : filter ? [filter] : [];
  if (filters.length !== 1) return undefined;
  if (filters[0] === PDFName.of("DCTDecode")) return { input: Buffer.from(image.contents) };
  if (filters[0] !== PDFName.of("FlateDecode")) return undefined;
  const parameters = lookup(document, image.dict.get(PDFName.of("DecodeParms")));
  const predictor = parameters instanceof PDFDict ? (numberIn(document, parameters, "Predictor") ?? 1) : 1;
  if (predictor >= 10) {
    const colours = parameters instanceof PDFDict ? (numberIn(document, parameters, "Colors") ?? 1) : 1;
    const bits = parameters instanceof PDFDict ? (numberIn(document, parameters, "BitsPerComponent") ?? 8) : 8;
    const columns = parameters instanceof PDFDict ? (numberIn(document, parameters, "Columns") ?? 1) : 1;
    if (colours !== components || bits !== 8 || columns !== width) return undefined;
    return { input: pngAround(image.contents, width, height, components) };
  }
  if (predictor !== 1) return undefined;
  const size = width * height * components;
  // maxOutputLength refuses a stream that inflates beyond the image it claims to be.
  const pixels = inflateSync(image.contents, { maxOutputLength: size + 1 });
  if (pixels.length !== size) return undefined;
  return { input: pixels, decode: { raw: { width, height, channels: components } } };
}

/** A JPEG or PNG of the size the PDF says, and with no EXIF turn: PDF viewers ignore EXIF, normalisation would not. */
async function matchesPage(file: Buffer, width: number, height: number): Promise<boolean> {
  const metadata = await sharp(file).metadata();
  return metadata.width === width && metadata.height === height && (metadata.orientation ?? 1) === 1;
}

/**
 * Whether the page's content is one image drawn and nothing else: such a page has no text to read
 * (its reading goes straight to OCR). Reads the content stream only, not the image.
 */
export function drawsOnlyAnImage(document: PDFDocument, pageIndex: number): boolean {
  try {
    const content = pageContent(document, pageIndex);
    return content !== undefined && soleImageDrawing(content) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The stored image of a scanned page when the page draws nothing but one plain 8-bit grey or RGB
 * image over all of `view` (pdfjs's view box, so both readers agree on the page), upright.
 */
export async function storedScanImage(
  document: PDFDocument,
  pageIndex: number,
  view: number[],
): Promise<ScanImage | undefined> {
  try {
    const page = document.getPage(pageIndex);
    if (page.getRotation().angle % 360 !== 0) return undefined;
    const content = pageContent(document, pageIndex);
    const drawing = content === undefined ? undefined : soleImageDrawing(content);
    if (!drawing || !coversPage(drawing.matrix, view)) return undefined;
    const objects = lookup(document, page.node.Resources()?.get(PDFName.of("XObject")));
    const image = objects instanceof PDFDict ? lookup(document, objects.get(PDFName.of(drawing.name))) : undefined;
    if (
      !(image instanceof PDFRawStream) ||
      lookup(document, image.dict.get(PDFName.of("Subtype"))) !== PDFName.of("Image")
    )
      return undefined;
    const dict = image.dict;
    // Masks, decode arrays and soft masks change what the page shows from what the bytes hold.
    if (["ImageMask", "Mask", "SMask", "Decode"].some((key) => dict.has(PDFName.of(key)))) return undefined;
    const width = numberIn(document, dict, "Width");
    const height = numberIn(document, dict, "Height");
    const components = colourComponents(document, dict.get(PDFName.of("ColorSpace")));
    if (!width || !height || !components || numberIn(document, dict, "BitsPerComponent") !== 8) return undefined;
    const input = imageInput(document, image, width, height, components);
    if (!input) return undefined;
    if (!input.decode && !(await matchesPage(input.input, width, height))) return undefined;
    return { ...input, width, height, dpi: width / ((view[2] - view[0]) / 72) };
  } catch {
    // A malformed object or stream: pdfjs, which is more forgiving, takes the page.
    return undefined;
  }
}
