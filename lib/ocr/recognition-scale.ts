import sharp from "sharp";
import type { ModelVersion } from "@/lib/models";
import { estimateTextHeight } from "./estimate-text-height";

// Adaptive recognition resolution. tesseract's LSTM rescales every text line to a fixed height of
// 36 pixels (x-height about 16), so glyphs drawn larger than that carry no extra information for
// it, yet the binarisation and page layout analysis before it cost in proportion to the pixels.
// A page whose text is large is therefore recognised from a smaller copy, sized so the median glyph
// height lands at `targetTextHeight`: a little above the LSTM's own input, leaving margin for noisy
// scans. Small text is never touched and nothing is upscaled here (normalisation does that). The
// saving is bounded because the LSTM's cost follows the number of characters, not the pixels:
// bench/ocr-stages measured about 10% of a page's CPU at 12–16 pt, none at 8–10 pt, for ~75 ms of
// measuring per A4 page.

export interface RecognitionScalePolicy {
  /** Median glyph height in pixels to scale down to. */
  targetTextHeight: number;
  /** Never shrink more than this, whatever the estimate says. */
  minScale: number;
}

/**
 * Model families that trade resolution for speed. The XL family reads at full resolution on
 * purpose (it is the high-accuracy path), and a family not listed here is not scaled either.
 */
const policies: Record<string, RecognitionScalePolicy> = {
  "docsvc-OCR-v1": { targetTextHeight: 20, minScale: 0.5 },
};

/** Below this saving a resize costs more than it spares. */
const minUsefulShrink = 0.9;
/** Width of the copy the text height is measured on: glyphs of 8 pt text at 300 DPI keep ~9 px. */
const sampleWidth = 1280;

export function recognitionScalePolicy(model: Pick<ModelVersion, "alias">): RecognitionScalePolicy | undefined {
  return policies[model.alias];
}

/** The factor (≤ 1) to shrink a page by before recognition, given its measured median glyph height. */
export function recognitionScale(textHeight: number | undefined, policy: RecognitionScalePolicy | undefined): number {
  if (!policy || !textHeight || textHeight <= policy.targetTextHeight) return 1;
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
  const sample = factor < 1
    ? await sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } }).resize({ width: sampleWidth, kernel: "linear" }).extractChannel(0).raw().toBuffer({ resolveWithObject: true })
    : { data: image.grey, info: { width: image.width, height: image.height } };
  const height = estimateTextHeight({ data: sample.data, width: sample.info.width, height: sample.info.height });
  return height === undefined ? undefined : height * (image.width / sample.info.width);
}

/**
 * The page as tesseract should read it: shrunk when its text is larger than the model's policy
 * needs, unchanged otherwise. Word boxes come back normalised to the image, so they need no mapping.
 */
export async function imageForRecognition(image: GreyImage, model: Pick<ModelVersion, "alias">): Promise<GreyImage & { scale: number; textHeight?: number }> {
  const policy = recognitionScalePolicy(model);
  if (!policy) return { ...image, scale: 1 };
  const textHeight = await measureTextHeight(image);
  const scale = recognitionScale(textHeight, policy);
  if (scale === 1) return { ...image, scale, textHeight };
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const grey = await sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(width, height, { kernel: "lanczos3" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { grey, width, height, scale, textHeight };
}
