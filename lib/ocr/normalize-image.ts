import sharp, { type SharpOptions } from "sharp";
import { estimateSkewDegrees, type GreyPixels as SamplePixels } from "./estimate-skew";

// Tesseract reads best at about 300 DPI on a clean greyscale image. Upscaling is capped by the long
// side so a large photo saved at 72 DPI is not blown up into hundreds of megapixels, and an image
// already near the target resolution is left at its size. (sharp turns raw one-band input into
// three bands on output unless told otherwise, hence the extractChannel calls.) The result stays raw
// greyscale pixels: tesseract takes them as a PGM, so no PNG is encoded here and decoded again inside
// the WASM engine.

export interface NormalizeOptions {
  /** Pixels per inch of the input when known (from the file or the renderer). */
  density?: number;
  targetDpi: number;
  /** Longest side the result may have after upscaling. */
  maxLongSide: number;
  /** How sharp reads the input: `raw` for undecoded pixels (a rendered PDF page), `page` for a TIFF frame… */
  decode?: SharpOptions;
  /** Straighten the page when the skew estimate says it is turned more than `minSkewDegrees`. */
  deskew?: boolean;
}

interface GreyPixels {
  /** One byte per pixel, row by row. */
  grey: Buffer;
  width: number;
  height: number;
}

export interface NormalizedGreyImage extends GreyPixels {
  /** Clockwise skew found in the input (0 when not estimated); the pixels are already straightened. */
  skewDegrees: number;
  /** Clockwise degrees the pixels were turned back by (the skew, when it was straightened). */
  turnDegrees: number;
  /** Size before turning (after any enlargement): the turned pixels sit centred on a canvas of `width` × `height`. */
  sourceWidth: number;
  sourceHeight: number;
  /** Factor the input's pixels were enlarged by (1 when left at their size). */
  enlargement: number;
}

/** Below this, tesseract's own line finding copes and rotating would only blur the glyphs. */
export const minSkewDegrees = 0.5;
const skewSampleWidth = 800;

function upscaleFactor(width: number, height: number, options: NormalizeOptions): number {
  const longSide = Math.max(width, height);
  let factor = 1;
  if (options.density && options.density > 0 && options.density < options.targetDpi * 0.85) {
    factor = options.targetDpi / options.density;
  } else if (!options.density && longSide < 1000) {
    // Unknown resolution and a small image: text is likely small in pixels, tesseract wants ~30px x-height.
    factor = 2;
  }
  factor = Math.min(factor, 4, options.maxLongSide / longSide);
  return factor > 1.05 ? factor : 1;
}

/** A copy at most 800 pixels wide: skew and orientation are measured on it in a few milliseconds. */
export async function greySample(grey: Buffer, width: number, height: number): Promise<SamplePixels> {
  const sampleWidth = Math.min(width, skewSampleWidth);
  const sample = await sharp(grey, { raw: { width, height, channels: 1 } })
    .resize({ width: sampleWidth, kernel: "linear" })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: sample.data, width: sample.info.width, height: sample.info.height };
}

/**
 * Luma of 8-bit grey, RGB or RGBA pixels (alpha over white), one byte per pixel. In JavaScript because
 * libvips' greyscale goes through linear light and costs three times as much on a 300-DPI page
 * (57 ms against 20); OCR needs no colour science.
 */
function lumaOf(pixels: Buffer, channels: number): Buffer {
  if (channels === 1) return pixels;
  const count = pixels.length / channels;
  const grey = Buffer.allocUnsafe(count);
  for (let index = 0, at = 0; index < count; index++, at += channels) {
    // BT.601 weights in 8.8 fixed point.
    const luma = (pixels[at] * 77 + pixels[at + 1] * 150 + pixels[at + 2] * 29 + 128) >> 8;
    grey[index] = channels === 4 ? 255 - ((((255 - luma) * pixels[at + 3] + 127) / 255) | 0) : luma;
  }
  return grey;
}

/** The image as oriented 8-bit grey pixels at its own size. */
async function decodeToGrey(input: Buffer, decode: SharpOptions): Promise<GreyPixels> {
  if (decode.raw)
    return { grey: lumaOf(input, decode.raw.channels), width: decode.raw.width, height: decode.raw.height };
  const { space } = await sharp(input, decode).metadata();
  const oriented = sharp(input, decode).rotate().flatten({ background: "#ffffff" });
  // CMYK, Lab and other spaces need libvips' conversion; grey and RGB files are decoded as they are.
  const { data, info } =
    space === "b-w" || space === "srgb" || space === "grey16" || space === "rgb16"
      ? await oriented.raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true })
      : await oriented.greyscale().extractChannel(0).raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
  return { grey: lumaOf(data, info.channels), width: info.width, height: info.height };
}

/** Orient (EXIF), greyscale, upscale to the target DPI and straighten, as raw pixels. */
export async function normalizeImageToGrey(input: Buffer, options: NormalizeOptions): Promise<NormalizedGreyImage> {
  const decoded = await decodeToGrey(input, { ...options.decode, limitInputPixels: false });
  const factor = upscaleFactor(decoded.width, decoded.height, options);
  const { grey, width, height } =
    factor > 1
      ? await resizeGrey(decoded, Math.round(decoded.width * factor), Math.round(decoded.height * factor))
      : decoded;
  const unturned = {
    grey,
    width,
    height,
    sourceWidth: width,
    sourceHeight: height,
    turnDegrees: 0,
    enlargement: width / decoded.width,
  };
  if (!options.deskew) return { ...unturned, skewDegrees: 0 };
  const skewDegrees = estimateSkewDegrees(await greySample(grey, width, height));
  if (Math.abs(skewDegrees) <= minSkewDegrees) return { ...unturned, skewDegrees };
  const straight = await sharp(grey, { raw: { width, height, channels: 1 } })
    .rotate(-skewDegrees, { background: "#ffffff" })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    grey: straight.data,
    width: straight.info.width,
    height: straight.info.height,
    sourceWidth: width,
    sourceHeight: height,
    turnDegrees: skewDegrees,
    skewDegrees,
    enlargement: unturned.enlargement,
  };
}

async function resizeGrey(image: GreyPixels, width: number, height: number): Promise<GreyPixels> {
  const grey = await sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(width, height, { kernel: "lanczos3" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { grey, width, height };
}

/** A binary PGM (P5): the cheapest image format tesseract's Leptonica reads. */
export function greyToPgm(image: Pick<NormalizedGreyImage, "grey" | "width" | "height">): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, "ascii"), image.grey]);
}

export function greyToPng(image: Pick<NormalizedGreyImage, "grey" | "width" | "height">): Promise<Buffer> {
  return sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } })
    .toColourspace("b-w")
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * XL's clean-up pass: stretch the contrast, remove speckle noise and sharpen the strokes. Meant for
 * the image as the engine will read it (after any enlargement): a 3-pixel median on 75-DPI text,
 * whose strokes are one or two pixels wide, erases the text along with the noise.
 */
export async function cleanGreyImage<T extends Pick<NormalizedGreyImage, "grey" | "width" | "height">>(
  image: T,
): Promise<T> {
  const grey = await sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } })
    .normalise()
    .median(3)
    .sharpen()
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { ...image, grey };
}
