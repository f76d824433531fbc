import sharp, { type SharpOptions } from "sharp";
import { estimateSkewDegrees } from "./estimate-skew";

// Tesseract reads best at about 300 DPI on a clean greyscale image. Upscaling is capped by the long
// side so a large photo saved at 72 DPI is not blown up into hundreds of megapixels, and an image
// already near the target resolution is left at its size. (sharp turns raw one-band input into
// three bands on output unless told otherwise, hence the extractChannel/b-w calls.) The result stays raw greyscale pixels:
// tesseract takes them as a PGM, so no PNG is encoded here and decoded again inside the WASM engine.

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

export interface NormalizedGreyImage {
  /** One byte per pixel, row by row. */
  grey: Buffer;
  width: number;
  height: number;
  /** Clockwise skew found in the input (0 when not estimated); the pixels are already straightened. */
  skewDegrees: number;
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

async function estimateSkew(grey: Buffer, width: number, height: number): Promise<number> {
  const sampleWidth = Math.min(width, skewSampleWidth);
  const sample = await sharp(grey, { raw: { width, height, channels: 1 } })
    .resize({ width: sampleWidth, kernel: "linear" })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return estimateSkewDegrees({ data: sample.data, width: sample.info.width, height: sample.info.height });
}

/** Orient (EXIF), greyscale, upscale to the target DPI and straighten, as raw pixels. */
export async function normalizeImageToGrey(input: Buffer, options: NormalizeOptions): Promise<NormalizedGreyImage> {
  const decode: SharpOptions = { ...options.decode, limitInputPixels: false };
  const { width = 0, height = 0, orientation } = await sharp(input, decode).metadata();
  // EXIF orientations 5–8 swap width and height.
  const [orientedWidth, orientedHeight] = orientation && orientation >= 5 ? [height, width] : [width, height];
  const factor = upscaleFactor(orientedWidth, orientedHeight, options);
  let pipeline = sharp(input, decode).rotate().flatten({ background: "#ffffff" }).greyscale();
  if (factor > 1) {
    pipeline = pipeline.resize({
      width: Math.round(orientedWidth * factor),
      height: Math.round(orientedHeight * factor),
      kernel: "lanczos3",
    });
  }
  const { data, info } = await pipeline.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  if (!options.deskew) return { grey: data, width: info.width, height: info.height, skewDegrees: 0 };
  const skewDegrees = await estimateSkew(data, info.width, info.height);
  if (Math.abs(skewDegrees) <= minSkewDegrees) return { grey: data, width: info.width, height: info.height, skewDegrees };
  const straight = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .rotate(-skewDegrees, { background: "#ffffff" })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { grey: straight.data, width: straight.info.width, height: straight.info.height, skewDegrees };
}

/** A binary PGM (P5): the cheapest image format tesseract's Leptonica reads. */
export function greyToPgm(image: Pick<NormalizedGreyImage, "grey" | "width" | "height">): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, "ascii"), image.grey]);
}

export function greyToPng(image: Pick<NormalizedGreyImage, "grey" | "width" | "height">): Promise<Buffer> {
  return sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } }).toColourspace("b-w").png({ compressionLevel: 1 }).toBuffer();
}

/**
 * XL's clean-up pass: stretch the contrast, remove speckle noise and sharpen the strokes. Meant for
 * the image as the engine will read it (after any enlargement): a 3-pixel median on 75-DPI text,
 * whose strokes are one or two pixels wide, erases the text along with the noise.
 */
export async function cleanGreyImage<T extends Pick<NormalizedGreyImage, "grey" | "width" | "height">>(image: T): Promise<T> {
  const grey = await sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } })
    .normalise()
    .median(3)
    .sharpen()
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { ...image, grey };
}
