import sharp from "sharp";

// Tesseract reads best at about 300 DPI on a clean greyscale image. Upscaling is capped by the long
// side so a large photo saved at 72 DPI is not blown up into hundreds of megapixels.

export interface NormalizeOptions {
  /** Pixels per inch of the input when known (from the file or the renderer). */
  density?: number;
  targetDpi: number;
  /** Longest side the result may have after upscaling. */
  maxLongSide: number;
  /** XL clean-up: stretch contrast and remove speckle noise. */
  clean?: boolean;
}

export interface NormalizedImage {
  png: Buffer;
  width: number;
  height: number;
}

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

/** Orient (EXIF), greyscale, upscale to the target DPI and optionally clean an image for OCR. */
export async function normalizeImageForOcr(input: Buffer, options: NormalizeOptions): Promise<NormalizedImage> {
  const oriented = sharp(input, { limitInputPixels: false }).rotate();
  const { width = 0, height = 0, orientation } = await sharp(input, { limitInputPixels: false }).metadata();
  // EXIF orientations 5–8 swap width and height.
  const [orientedWidth, orientedHeight] = orientation && orientation >= 5 ? [height, width] : [width, height];
  const factor = upscaleFactor(orientedWidth, orientedHeight, options);
  let pipeline = oriented.flatten({ background: "#ffffff" }).greyscale();
  if (factor > 1) {
    pipeline = pipeline.resize({
      width: Math.round(orientedWidth * factor),
      height: Math.round(orientedHeight * factor),
      kernel: "lanczos3",
    });
  }
  if (options.clean) pipeline = pipeline.normalise().median(3).sharpen();
  const { data, info } = await pipeline.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}
