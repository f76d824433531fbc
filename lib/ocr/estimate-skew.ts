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

export interface InkThreshold {
  /** Grey values at or below this are ink. */
  threshold: number;
  inkCount: number;
}

const maxDegrees = 15;
const coarseStep = 0.5;
const fineStep = 0.1;
/** More dark pixels than this is a photo or an inverted page, not text to straighten. */
const maxInkShare = 0.35;
const minInkPixels = 200;
/** The coarse search only has to land within a step of the peak: this many ink pixels suffice for it. */
const coarseInkPixels = 20_000;

/** Otsu's threshold between ink and paper, and how many pixels fall on the ink side of it. */
export function otsuThreshold(data: Uint8Array): InkThreshold {
  // Four histograms for interleaved pixels, summed after: a page is mostly one grey value, and
  // bumping the same counter back to back makes each increment wait for the one before it.
  const partial = new Int32Array(1024);
  const quadEnd = data.length - (data.length % 4);
  for (let index = 0; index < quadEnd; index += 4) {
    partial[data[index]]++;
    partial[256 + data[index + 1]]++;
    partial[512 + data[index + 2]]++;
    partial[768 + data[index + 3]]++;
  }
  for (let index = quadEnd; index < data.length; index++) partial[data[index]]++;
  const histogram = new Int32Array(256);
  for (let value = 0; value < 256; value++)
    histogram[value] = partial[value] + partial[256 + value] + partial[512 + value] + partial[768 + value];
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
  let inkCount = 0;
  for (let value = 0; value <= threshold; value++) inkCount += histogram[value];
  return { threshold, inkCount };
}

/** The rows of the ink pixels, column by column, and where each column's rows start. */
interface InkColumns {
  rows: Int32Array;
  columnStarts: Int32Array;
}

function inkColumns(image: GreyPixels, threshold: number, inkCount: number): InkColumns {
  const { data, width, height } = image;
  const columnStarts = new Int32Array(width + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) if (data[row + x] <= threshold) columnStarts[x + 1]++;
  }
  for (let x = 0; x < width; x++) columnStarts[x + 1] += columnStarts[x];
  const next = columnStarts.slice(0, width);
  const rows = new Int32Array(inkCount);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) if (data[row + x] <= threshold) rows[next[x]++] = y;
  }
  return { rows, columnStarts };
}

/**
 * Sum of squares of the ink projected along the given angle. The shift of a pixel is rounded per
 * column (y is a whole number, so round(y - x·slope) = y + round(-x·slope)): the inner loop is a
 * bare increment, which is what makes scoring seventy angles cheap.
 */
function projectionScore(
  ink: InkColumns,
  degrees: number,
  bins: Int32Array,
  offset: number,
  columnStep: number,
): number {
  const { rows, columnStarts } = ink;
  bins.fill(0);
  const slope = Math.tan((degrees * Math.PI) / 180);
  for (let x = 0; x + 1 < columnStarts.length; x += columnStep) {
    const shift = Math.round(-x * slope) + offset;
    const end = columnStarts[x + 1];
    for (let index = columnStarts[x]; index < end; index++) bins[rows[index] + shift]++;
  }
  let score = 0;
  for (let index = 0; index < bins.length; index++) score += bins[index] * bins[index];
  return score;
}

/**
 * The angle in degrees by which the page content is turned clockwise (rotate by its negative to
 * straighten it); 0 when the image has too little or too much ink to tell.
 */
export function estimateSkewDegrees(image: GreyPixels): number {
  return estimateSkew(image).degrees;
}

/**
 * The skew and how strongly the ink lines up along it (sum of squares of the projection, per ink
 * pixel squared): text lines across the image score far higher than the same lines seen sideways.
 */
export function estimateSkew(image: GreyPixels): { degrees: number; alignment: number } {
  const { data, width, height } = image;
  const { threshold, inkCount } = otsuThreshold(data);
  if (inkCount < minInkPixels || inkCount > data.length * maxInkShare) return { degrees: 0, alignment: 0 };
  const ink = inkColumns(image, threshold, inkCount);
  const offset = Math.ceil(width * Math.tan((maxDegrees * Math.PI) / 180)) + 1;
  const bins = new Int32Array(height + offset * 2 + 1);
  // The coarse search looks at every n-th column of a dense page; the fine one at all of them.
  const coarseColumnStep = Math.max(1, Math.floor(inkCount / coarseInkPixels));
  const score = (degrees: number, columnStep = 1) => projectionScore(ink, degrees, bins, offset, columnStep);
  let best = 0;
  let bestScore = score(0, coarseColumnStep);
  for (let degrees = -maxDegrees; degrees <= maxDegrees; degrees += coarseStep) {
    const candidate = score(degrees, coarseColumnStep);
    if (candidate > bestScore) {
      bestScore = candidate;
      best = degrees;
    }
  }
  const coarse = best;
  if (coarseColumnStep > 1) bestScore = score(coarse);
  for (let degrees = coarse - coarseStep; degrees <= coarse + coarseStep + 1e-9; degrees += fineStep) {
    const candidate = score(degrees);
    if (candidate > bestScore) {
      bestScore = candidate;
      best = degrees;
    }
  }
  return { degrees: Math.round(best * 10) / 10, alignment: bestScore / (inkCount * inkCount) };
}
