import sharp, { type Metadata, type SharpOptions } from "sharp";
import { DocumentError } from "@/lib/errors/document-error";
import type { FormatInfo } from "../formats";
import { defaultMaxPixels } from "../read-options";
import { decodeBmp, readBmpSize, type RawImage } from "./decode-bmp";
import { decodeHeic } from "./decode-heic";
import { decodePsd, readPsdSize } from "./decode-psd";

// An image file becomes one frame per page (multi-page TIFF) in a form sharp can decode. Sizes
// are read from the headers and checked against the pixel limit before any pixel is decoded.

export interface ImageFrame {
  /** Bytes sharp decodes: the original file, a PNG, or raw pixels described by `sharpOptions.raw`. */
  input: Buffer;
  sharpOptions: SharpOptions;
  width: number;
  height: number;
  density?: number;
}

const svgDensity = 216;

function checkPixels(width: number, height: number, maxPixels: number): void {
  if (!width || !height) throw new DocumentError("corrupt_document", "The image has no size in its header");
  if (width * height > maxPixels) {
    throw new DocumentError(
      "image_too_large",
      `The image is ${width}×${height} pixels; at most ${maxPixels.toLocaleString("en")} pixels are accepted`,
    );
  }
}

async function rawToPng(raw: RawImage): Promise<Buffer> {
  return sharp(raw.pixels, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function decodedFrame(bytes: Buffer, format: FormatInfo, maxPixels: number): Promise<ImageFrame> {
  const size = format.id === "bmp" ? readBmpSize(bytes) : readPsdSize(bytes);
  checkPixels(size.width, size.height, maxPixels);
  const raw = format.id === "bmp" ? decodeBmp(bytes) : decodePsd(bytes);
  return { input: await rawToPng(raw), sharpOptions: {}, width: raw.width, height: raw.height };
}

/**
 * The number of pages an image file holds, from its header only; a decompression bomb (more than
 * `maxPixels` in its first frame) is refused here, so uploads refuse it before storing anything.
 */
export async function countImageFrames(
  bytes: Buffer,
  format: FormatInfo,
  maxPixels = defaultMaxPixels,
): Promise<number> {
  if (format.id === "heic") return 1;
  if (format.id === "bmp" || format.id === "psd") {
    const size = format.id === "bmp" ? readBmpSize(bytes) : readPsdSize(bytes);
    checkPixels(size.width, size.height, maxPixels);
    return 1;
  }
  const metadata = await readMetadata(bytes, format.id === "svg" ? { density: svgDensity } : {});
  checkPixels(metadata.width ?? 0, metadata.pageHeight ?? metadata.height ?? 0, maxPixels);
  return format.id === "tiff" ? (metadata.pages ?? 1) : 1;
}

/**
 * Refuses (corrupt_document) a picture whose pixels do not decode (a truncated or garbled PNG or
 * JPEG behind a sound header), decoding it as OCR would but shrunk to a few pixels, so an upload
 * learns it at once instead of after waiting for a reader. HEIC, BMP and PSD are decoded by their own
 * readers, SVG is drawn rather than decoded: their headers were read already.
 */
export async function assertImageDecodes(bytes: Buffer, format: FormatInfo): Promise<void> {
  if (["heic", "bmp", "psd", "svg"].includes(format.id)) return;
  try {
    await sharp(bytes, { limitInputPixels: false }).resize(8, 8, { fit: "fill" }).raw().toBuffer();
  } catch (error) {
    throw new DocumentError("corrupt_document", "The image is damaged: its pixels cannot be decoded", {
      cause: error,
    });
  }
}

async function readMetadata(bytes: Buffer, options: SharpOptions): Promise<Metadata> {
  try {
    return await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch (error) {
    throw new DocumentError("corrupt_document", "The image is damaged: its header cannot be read", { cause: error });
  }
}

async function heicFrame(bytes: Buffer, maxPixels: number): Promise<ImageFrame> {
  const image = await decodeHeic(bytes, (width, height) => checkPixels(width, height, maxPixels));
  // libheif has already applied the container's rotation and mirroring.
  return {
    input: image.rgba,
    sharpOptions: { raw: { width: image.width, height: image.height, channels: 4 } },
    width: image.width,
    height: image.height,
  };
}

export async function imageFrames(bytes: Buffer, format: FormatInfo, maxPixels: number): Promise<ImageFrame[]> {
  if (format.id === "bmp" || format.id === "psd") return [await decodedFrame(bytes, format, maxPixels)];
  if (format.id === "heic") return [await heicFrame(bytes, maxPixels)];
  const baseOptions: SharpOptions = format.id === "svg" ? { density: svgDensity } : {};
  const metadata = await readMetadata(bytes, baseOptions);
  const pageCount = format.id === "tiff" ? (metadata.pages ?? 1) : 1;
  const frames: ImageFrame[] = [];
  for (let page = 0; page < pageCount; page++) {
    const options: SharpOptions = { ...baseOptions, page, limitInputPixels: false };
    const pageMetadata = pageCount > 1 ? await readMetadata(bytes, options) : metadata;
    const swap = (pageMetadata.orientation ?? 1) >= 5;
    const width = pageMetadata.width ?? 0;
    const height = pageMetadata.height ?? 0;
    checkPixels(width, height, maxPixels);
    frames.push({
      input: bytes,
      sharpOptions: options,
      width: swap ? height : width,
      height: swap ? width : height,
      density: format.id === "svg" ? svgDensity : pageMetadata.density,
    });
  }
  return frames;
}

/** The frame as a PNG, upright (EXIF orientation applied), for OCR and the viewer. */
export async function framePng(frame: ImageFrame): Promise<Buffer> {
  return sharp(frame.input, frame.sharpOptions).rotate().png({ compressionLevel: 1 }).toBuffer();
}
