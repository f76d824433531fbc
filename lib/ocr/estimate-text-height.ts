import { otsuThreshold, type GreyPixels } from "./estimate-skew";

// The typical height of the glyphs on a page, from the connected components of the inked pixels:
// most components of printed text are single letters (or a few touching ones), and the median of
// their heights sits at the x-height, just above it when capitals and ascenders are common. Rules,
// boxes and pictures are dropped by their shape; a page with too few glyph-like components (a
// photo, a blank page) gives no estimate rather than a guess.

const minInkShare = 0.0005;
const maxInkShare = 0.35;
const minGlyphHeight = 3;
/** Wider than this many times its height is a rule or a run of merged words, not a glyph. */
const maxAspect = 4;
/** Taller than this share of the image is a box, a picture or a vertical rule. */
const maxHeightShare = 0.1;
const minGlyphs = 30;

/**
 * Union-find over runs of ink (a row's unbroken stretch of ink pixels). Each root carries the
 * bounding box of its whole component, merged as components join, so no second pass is needed.
 */
class RunForest {
  count = 0;
  readonly parents: Int32Array;
  readonly tops: Int32Array;
  readonly bottoms: Int32Array;
  readonly lefts: Int32Array;
  readonly rights: Int32Array;

  /** Every run holds at least one ink pixel, so the ink count bounds the number of runs. */
  constructor(maxRuns: number) {
    this.parents = new Int32Array(maxRuns);
    this.tops = new Int32Array(maxRuns);
    this.bottoms = new Int32Array(maxRuns);
    this.lefts = new Int32Array(maxRuns);
    this.rights = new Int32Array(maxRuns);
  }

  /** A new component of one run on `row` covering columns `left` to `right` inclusive. */
  add(row: number, left: number, right: number): number {
    const run = this.count++;
    this.parents[run] = run;
    this.tops[run] = row;
    this.bottoms[run] = row;
    this.lefts[run] = left;
    this.rights[run] = right;
    return run;
  }

  root(run: number): number {
    const parents = this.parents;
    while (parents[run] !== run) {
      parents[run] = parents[parents[run]];
      run = parents[run];
    }
    return run;
  }

  union(a: number, b: number): void {
    const rootA = this.root(a);
    const rootB = this.root(b);
    if (rootA === rootB) return;
    const keep = Math.min(rootA, rootB);
    const merged = Math.max(rootA, rootB);
    this.parents[merged] = keep;
    this.tops[keep] = Math.min(this.tops[keep], this.tops[merged]);
    this.bottoms[keep] = Math.max(this.bottoms[keep], this.bottoms[merged]);
    this.lefts[keep] = Math.min(this.lefts[keep], this.lefts[merged]);
    this.rights[keep] = Math.max(this.rights[keep], this.rights[merged]);
  }
}

/**
 * The 8-connected ink components, labelled run by run: a run joins every run of the row above that
 * overlaps it or touches it diagonally. Text has a few runs per glyph row, far fewer than pixels.
 */
function inkComponents(image: GreyPixels, threshold: number, inkCount: number): RunForest {
  const { data, width, height } = image;
  const forest = new RunForest(inkCount);
  const rowCapacity = (width >> 1) + 1;
  let above = {
    starts: new Int32Array(rowCapacity),
    ends: new Int32Array(rowCapacity),
    runs: new Int32Array(rowCapacity),
    count: 0,
  };
  let current = {
    starts: new Int32Array(rowCapacity),
    ends: new Int32Array(rowCapacity),
    runs: new Int32Array(rowCapacity),
    count: 0,
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    current.count = 0;
    let candidate = 0;
    let x = 0;
    while (x < width) {
      while (x < width && data[row + x] > threshold) x++;
      if (x === width) break;
      const start = x;
      while (x < width && data[row + x] <= threshold) x++;
      const run = forest.add(y, start, x - 1);
      // Runs above are in column order; one ending left of start - 1 cannot touch this run or later ones.
      while (candidate < above.count && above.ends[candidate] < start) candidate++;
      for (let index = candidate; index < above.count && above.starts[index] <= x; index++)
        forest.union(run, above.runs[index]);
      current.starts[current.count] = start;
      current.ends[current.count] = x;
      current.runs[current.count] = run;
      current.count++;
    }
    [above, current] = [current, above];
  }
  return forest;
}

/** Median glyph height in pixels of this image, or undefined when the page shows too little text to tell. */
export function estimateTextHeight(image: GreyPixels): number | undefined {
  const { data, height } = image;
  const { threshold, inkCount } = otsuThreshold(data);
  if (inkCount < data.length * minInkShare || inkCount > data.length * maxInkShare) return undefined;
  const forest = inkComponents(image, threshold, inkCount);
  const heights = new Int32Array(forest.count);
  let glyphs = 0;
  for (let run = 0; run < forest.count; run++) {
    if (forest.parents[run] !== run) continue;
    const boxHeight = forest.bottoms[run] - forest.tops[run] + 1;
    const boxWidth = forest.rights[run] - forest.lefts[run] + 1;
    if (boxHeight >= minGlyphHeight && boxHeight <= height * maxHeightShare && boxWidth <= boxHeight * maxAspect)
      heights[glyphs++] = boxHeight;
  }
  if (glyphs < minGlyphs) return undefined;
  return heights.subarray(0, glyphs).sort()[Math.floor(glyphs / 2)];
}
