import sharp from "sharp";
import type { ModelVersion, OcrResolution } from "@/lib/models";
import { estimateTextHeight } from "./estimate-text-height";
import { isSpeckled } from "./estimate-speckle";

// Adaptive recognition resolution: tesseract's LSTM rescales every line to a fixed height, so large
// text is read from a smaller copy (cheaper), and text too small for its binarisation is enlarged
// first, except on speckled pages, where enlargement mostly multiplies noise. Measurements behind
// the targets: bench/NOTES.md.

export interface RecognitionScalePolicy {
  /** Median glyph height in pixels to scale down to; undefined: never shrink. */
  targetTextHeight?: number;
  /** Never shrink more than this, whatever the estimate says. */
  minScale: number;
  /** Text whose median glyph is lower than this many pixels is enlarged... */
  upscaleBelow: number;
  /** ...to this median glyph height... */
  upscaleTo: number;
  /** ...by at most this factor (beyond it lanczos only invents smooth blur)... */
  maxScale: number;
  /** ...and to at most this many pixels, which bounds the engine's memory and time. */
  maxPixels: number;
  /** Tighter limits for a page that measures as speckled (see estimate-speckle.ts). */
  whenNoisy?: { maxScale: number; maxPixels: number };
}

const standard: RecognitionScalePolicy = {
  targetTextHeight: 14,
  minScale: 0.5,
  upscaleBelow: 14,
  upscaleTo: 20,
  maxScale: 2.5,
  maxPixels: 16_000_000,
};

/**
 * The resolutions OCR passes read at. `high` never shrinks (it is the high-accuracy path) and
 * enlarges from coarser text and by a larger factor, as XL promises pages down to 75 DPI, except on
 * a noisy page, which it enlarges no more than `standard` does.
 */
const resolutions: Record<OcrResolution, RecognitionScalePolicy> = {
  standard,
  high: {
    minScale: 1,
    upscaleBelow: 16,
    upscaleTo: 20,
    maxScale: 4,
    maxPixels: 32_000_000,
    whenNoisy: { maxScale: standard.maxScale, maxPixels: standard.maxPixels },
  },
};

/** Each model family's own resolution, for passes that name none; a family not listed here is not scaled at all. */
const modelResolutions: Record<string, OcrResolution> = { "docsvc-OCR-v1": "standard", "docsvc-OCR-XL-v1": "high" };

/** Below this saving a resize costs more than it spares. */
const minUsefulShrink = 0.9;
/** Below this gain an enlargement only blurs. */
const minUsefulGrowth = 1.2;
/** Width of the copy the text height is measured on: glyphs of 8 pt text at 300 DPI keep ~9 px. */
const sampleWidth = 1280;

export function recognitionScalePolicy(model: Pick<ModelVersion, "alias">): RecognitionScalePolicy | undefined {
  const resolution = modelResolutions[model.alias];
  return resolution && resolutions[resolution];
}

export function resolutionPolicy(resolution: OcrResolution): RecognitionScalePolicy {
  return resolutions[resolution];
}

/**
 * The factor to scale a page by before recognition, given its measured median glyph height: below 1
 * for text larger than the policy's target, above 1 for text below its floor, 1 otherwise.
 */
export function recognitionScale(textHeight: number | undefined, policy: RecognitionScalePolicy | undefined): number {
  if (!policy || !textHeight) return 1;
  if (textHeight < policy.upscaleBelow) {
    const scale = Math.min(policy.maxScale, policy.upscaleTo / textHeight);
    return scale >= minUsefulGrowth ? scale : 1;
  }
  if (policy.targetTextHeight === undefined || textHeight <= policy.targetTextHeight) return 1;
  const scale = Math.max(policy.minScale, policy.targetTextHeight / textHeight);
  return scale < minUsefulShrink ? scale : 1;
}

interface GreyImage {
  grey: Buffer;
  width: number;
  height: number;
}

/** Median glyph height of a greyscale page in its own pixels, measured on a smaller copy. */
export async function measureTextHeight(image: GreyImage): Promise<number | undefined> {
  const factor = Math.min(1, sampleWidth / image.width);
  const sample =
    factor < 1
      ? await sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } })
          .resize({ width: sampleWidth, kernel: "linear" })
          .extractChannel(0)
          .raw()
          .toBuffer({ resolveWithObject: true })
      : { data: image.grey, info: { width: image.width, height: image.height } };
  const height = estimateTextHeight({ data: sample.data, width: sample.info.width, height: sample.info.height });
  return height === undefined ? undefined : height * (image.width / sample.info.width);
}

/** The enlargement limits for this page: the policy's, or its tighter ones when the page is speckled. */
function enlargementLimits(
  image: GreyImage,
  textHeight: number | undefined,
  policy: RecognitionScalePolicy,
): { maxScale: number; maxPixels: number } {
  const limits = { maxScale: policy.maxScale, maxPixels: policy.maxPixels };
  if (!policy.whenNoisy || !isSpeckled({ data: image.grey, width: image.width, height: image.height }, textHeight))
    return limits;
  return {
    maxScale: Math.min(limits.maxScale, policy.whenNoisy.maxScale),
    maxPixels: Math.min(limits.maxPixels, policy.whenNoisy.maxPixels),
  };
}

/**
 * The page as tesseract should read it: shrunk when its text is larger than the model's policy
 * needs, enlarged (within the policy's pixel budget) when it is too small, unchanged otherwise.
 * Word boxes come back normalised to the image, so they need no mapping.
 */
export async function imageForRecognition(
  image: GreyImage,
  model: Pick<ModelVersion, "alias">,
): Promise<GreyImage & { scale: number; textHeight?: number }> {
  return scaledForRecognition(image, recognitionScalePolicy(model));
}

/** The page scaled as a pass at `resolution` reads it. */
export async function imageAtResolution(
  image: GreyImage,
  resolution: OcrResolution,
): Promise<GreyImage & { scale: number; textHeight?: number }> {
  return scaledForRecognition(image, resolutions[resolution]);
}

async function scaledForRecognition(
  image: GreyImage,
  policy: RecognitionScalePolicy | undefined,
): Promise<GreyImage & { scale: number; textHeight?: number }> {
  if (!policy) return { ...image, scale: 1 };
  const textHeight = await measureTextHeight(image);
  let wanted = recognitionScale(textHeight, policy);
  let maxPixels = policy.maxPixels;
  if (wanted > 1) {
    // Measured only when the page is to be enlarged: that is where noise costs time.
    const limits = enlargementLimits(image, textHeight, policy);
    wanted = Math.min(wanted, limits.maxScale);
    maxPixels = limits.maxPixels;
  }
  const scale = wanted > 1 ? Math.min(wanted, Math.sqrt(maxPixels / (image.width * image.height))) : wanted;
  if (scale === 1 || (wanted > 1 && scale < minUsefulGrowth)) return { ...image, scale: 1, textHeight };
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const grey = await sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } })
    // lanczos3 both ways: the cheaper linear kernel loses words on noisy scans (bench/NOTES.md).
    .resize(width, height, { kernel: "lanczos3" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { grey, width, height, scale, textHeight };
}
