import type { PageOrientation, Word } from "@/lib/pages/types";
import { estimateSkew, otsuThreshold, type GreyPixels } from "./estimate-skew";

// Which way up the text is. Measured on real scans (FUNSD forms, SROIE receipts), no projection
// test was safe enough to turn a page before reading it: forms with boxes and narrow receipts look
// sideways or upside down to them. So a page is read as it is given, and only a reading that fails
// (little confident text) is tried once more, turned the way the ink says: sideways when the ink
// lines up along columns far better than along rows, upside down when the lines carry their heavy
// side at the bottom (Latin text has far more ink above its x-height band, in capitals, digits and
// b d f h k l t, than below its baseline, in g j p q y). tesseract reads text turned 90° clockwise
// itself, in the page's own coordinates; that quarter is told from its words' shape.

/** Ink below the core band must outweigh the ink above by this factor before the page counts as upside down. */
const upsideDownMargin = 1.25;
/** The columns' alignment must beat the rows' by this factor before the page counts as sideways. */
const sidewaysMargin = 1.5;
/** Share of the words (two characters or more) standing taller than wide that makes a page sideways. */
const sidewaysShare = 0.6;

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
  for (let y = 0; y < height;) {
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

/** True when most of the words (two characters or more) stand taller than wide: tesseract read the text sideways. */
export function hasSidewaysWords(words: Word[], width: number, height: number): boolean {
  const measured = words.filter((word) => word.text.length >= 2);
  if (measured.length < 3) return false;
  return measured.filter((word) => isSidewaysWord(word, width, height)).length / measured.length >= sidewaysShare;
}

export function isSidewaysWord(word: Word, width: number, height: number): boolean {
  return word.text.length >= 2 && word.box.height * height > word.box.width * width * 1.2;
}

/** Which quarter sideways text is turned (clockwise), from the ink of the page turned back a quarter. */
export function sidewaysTurn(sample: GreyPixels): 90 | 270 {
  return isUpsideDown(turnCounterClockwise(sample)) ? 270 : 90;
}

/** The clockwise turn the ink of a straight page suggests its text has (0 when it looks upright). */
export function likelyTurn(sample: GreyPixels): PageOrientation {
  const across = estimateSkew(sample);
  if (across.alignment === 0) return 0;
  const turned = turnCounterClockwise(sample);
  if (estimateSkew(turned).alignment > across.alignment * sidewaysMargin) return isUpsideDown(turned) ? 270 : 90;
  return isUpsideDown(sample) ? 180 : 0;
}
