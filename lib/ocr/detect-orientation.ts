import type { PageOrientation } from "@/lib/documents/types";
import { estimateSkew, otsuThreshold, type GreyPixels } from "./estimate-skew";

// Which way up the text is, from the same small sample the skew is measured on (a few ms): lines
// run across the page when the ink's projection along rows is far spikier than along columns, and
// otherwise the page is turned a quarter. Which side is up comes from the lines' own shape: Latin
// text has far more ink above its x-height band (capitals, digits, b d f h k l t) than below its
// baseline (g j p q y), so a page whose lines carry their heavy side at the bottom is upside down.

/** The columns' alignment must beat the rows' by this factor before the page counts as sideways. */
const sidewaysMargin = 1.5;
/** Ink below the core band must outweigh the ink above by this factor before the page counts as upside down. */
const upsideDownMargin = 1.25;

export interface Orientation {
  /** Clockwise quarter turn of the text. */
  orientation: PageOrientation;
  /** Clockwise skew of the text beyond the quarter turn. */
  skewDegrees: number;
}

/** The image turned a quarter counter-clockwise (what was the right edge is the top). */
export function turnCounterClockwise(image: GreyPixels): GreyPixels {
  const { data, width, height } = image;
  const turned = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) turned[(width - 1 - x) * height + y] = data[row + x];
  }
  return { data: turned, width: height, height: width };
}

/**
 * True when the straight (deskewed) lines of `image` are upside down: summed over the text lines,
 * more ink below each line's core band than above it.
 */
export function isUpsideDown(image: GreyPixels): boolean {
  const { data, width, height } = image;
  const { threshold } = otsuThreshold(data);
  const rows = new Int32Array(height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let count = 0;
    for (let x = 0; x < width; x++) if (data[row + x] <= threshold) count++;
    rows[y] = count;
  }
  const minInk = Math.max(2, width * 0.005);
  let above = 0;
  let below = 0;
  for (let y = 0; y < height; ) {
    if (rows[y] < minInk) {
      y++;
      continue;
    }
    const start = y;
    let peak = 0;
    while (y < height && rows[y] >= minInk) peak = Math.max(peak, rows[y++]);
    const end = y;
    if (end - start < 4) continue;
    // The core band: rows at least half as dense as the line's densest.
    let coreTop = start;
    while (rows[coreTop] < peak / 2) coreTop++;
    let coreBottom = end - 1;
    while (rows[coreBottom] < peak / 2) coreBottom--;
    for (let row = start; row < coreTop; row++) above += rows[row];
    for (let row = coreBottom + 1; row < end; row++) below += rows[row];
  }
  return below > above * upsideDownMargin;
}

/**
 * The page's quarter turn and skew. `straighten` turns a sample by the given clockwise degrees the
 * other way (so the up-or-down test sees straight lines); it is sharp's job, passed in to keep this
 * file synchronous and free of image I/O.
 */
export async function detectOrientation(sample: GreyPixels, straighten: (image: GreyPixels, degrees: number) => Promise<GreyPixels>): Promise<Orientation> {
  const across = estimateSkew(sample);
  if (across.alignment === 0) return { orientation: 0, skewDegrees: 0 };
  const turned = turnCounterClockwise(sample);
  const sideways = estimateSkew(turned);
  const isSideways = sideways.alignment > across.alignment * sidewaysMargin;
  const upright = isSideways ? turned : sample;
  const skewDegrees = isSideways ? sideways.degrees : across.degrees;
  const straight = skewDegrees === 0 ? upright : await straighten(upright, skewDegrees);
  const flipped = isUpsideDown(straight);
  const orientation = (((isSideways ? 90 : 0) + (flipped ? 180 : 0)) % 360) as PageOrientation;
  return { orientation, skewDegrees };
}
