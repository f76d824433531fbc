// A cheap skew estimate from a small greyscale image: text lines make the horizontal projection of
// the ink spiky when it is taken along their direction, so the angle whose sheared projection has
// the largest sum of squares is the skew. On an 800-pixel-wide page this costs a few milliseconds,
// where tesseract's own estimate (rotateAuto) runs a full layout analysis first.

export interface GreyPixels {
  /** One byte per pixel, row by row. */
  data: Uint8Array;
  width: number;
  height: number;
}

const maxDegrees = 15;
const coarseStep = 0.5;
const fineStep = 0.1;
/** More dark pixels than this is a photo or an inverted page, not text to straighten. */
const maxInkShare = 0.35;
const minInkPixels = 200;

export function otsuThreshold(data: Uint8Array): number {
  const histogram = new Array<number>(256).fill(0);
  for (const value of data) histogram[value]++;
  const total = data.length;
  let sumAll = 0;
  for (let value = 0; value < 256; value++) sumAll += value * histogram[value];
  let sumBelow = 0;
  let countBelow = 0;
  let best = 0;
  let threshold = 128;
  for (let value = 0; value < 256; value++) {
    countBelow += histogram[value];
    if (countBelow === 0) continue;
    const countAbove = total - countBelow;
    if (countAbove === 0) break;
    sumBelow += value * histogram[value];
    const meanBelow = sumBelow / countBelow;
    const meanAbove = (sumAll - sumBelow) / countAbove;
    const between = countBelow * countAbove * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = value;
    }
  }
  return threshold;
}

function projectionScore(xs: Int32Array, ys: Int32Array, count: number, degrees: number, bins: Int32Array, offset: number): number {
  bins.fill(0);
  const slope = Math.tan((degrees * Math.PI) / 180);
  for (let index = 0; index < count; index++) bins[Math.round(ys[index] - xs[index] * slope) + offset]++;
  let score = 0;
  for (const bin of bins) score += bin * bin;
  return score;
}

/**
 * The angle in degrees by which the page content is turned clockwise (rotate by its negative to
 * straighten it); 0 when the image has too little or too much ink to tell.
 */
export function estimateSkewDegrees(image: GreyPixels): number {
  const { data, width, height } = image;
  const threshold = otsuThreshold(data);
  let inkCount = 0;
  for (const value of data) if (value <= threshold) inkCount++;
  if (inkCount < minInkPixels || inkCount > data.length * maxInkShare) return 0;
  const xs = new Int32Array(inkCount);
  const ys = new Int32Array(inkCount);
  let at = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x] <= threshold) {
        xs[at] = x;
        ys[at] = y;
        at++;
      }
    }
  }
  const offset = Math.ceil(width * Math.tan((maxDegrees * Math.PI) / 180)) + 1;
  const bins = new Int32Array(height + offset * 2 + 1);
  const score = (degrees: number) => projectionScore(xs, ys, inkCount, degrees, bins, offset);
  let best = 0;
  let bestScore = score(0);
  for (let degrees = -maxDegrees; degrees <= maxDegrees; degrees += coarseStep) {
    const candidate = score(degrees);
    if (candidate > bestScore) {
      bestScore = candidate;
      best = degrees;
    }
  }
  const coarse = best;
  for (let degrees = coarse - coarseStep; degrees <= coarse + coarseStep + 1e-9; degrees += fineStep) {
    const candidate = score(degrees);
    if (candidate > bestScore) {
      bestScore = candidate;
      best = degrees;
    }
  }
  return Math.round(best * 10) / 10;
}
