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

interface Extent {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

function root(parents: number[], label: number): number {
  while (parents[label] !== label) {
    parents[label] = parents[parents[label]];
    label = parents[label];
  }
  return label;
}

function union(parents: number[], a: number, b: number): void {
  const rootA = root(parents, a);
  const rootB = root(parents, b);
  if (rootA !== rootB) parents[Math.max(rootA, rootB)] = Math.min(rootA, rootB);
}

/** Bounding boxes of the 8-connected ink components (labelled pixel by pixel, merged with union-find). */
function componentExtents(ink: Uint8Array, width: number, height: number): Extent[] {
  const labels = new Int32Array(width * height);
  const parents: number[] = [0];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (!ink[row + x]) continue;
      const left = x > 0 ? labels[row + x - 1] : 0;
      let label = left;
      if (y > 0) {
        const above = row - width;
        for (let dx = -1; dx <= 1; dx++) {
          const neighbour = x + dx >= 0 && x + dx < width ? labels[above + x + dx] : 0;
          if (!neighbour) continue;
          if (!label) label = neighbour;
          else if (neighbour !== label) union(parents, label, neighbour);
        }
      }
      if (!label) {
        label = parents.length;
        parents.push(label);
      }
      labels[row + x] = label;
    }
  }
  const extents = new Map<number, Extent>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const label = labels[y * width + x];
      if (!label) continue;
      const key = root(parents, label);
      const extent = extents.get(key);
      if (!extent) extents.set(key, { top: y, bottom: y, left: x, right: x });
      else {
        extent.bottom = y;
        if (x < extent.left) extent.left = x;
        if (x > extent.right) extent.right = x;
      }
    }
  }
  return [...extents.values()];
}

/** Median glyph height in pixels of this image, or undefined when the page shows too little text to tell. */
export function estimateTextHeight(image: GreyPixels): number | undefined {
  const { data, width, height } = image;
  const threshold = otsuThreshold(data);
  const ink = new Uint8Array(data.length);
  let inkCount = 0;
  for (let index = 0; index < data.length; index++) {
    if (data[index] <= threshold) {
      ink[index] = 1;
      inkCount++;
    }
  }
  if (inkCount < data.length * minInkShare || inkCount > data.length * maxInkShare) return undefined;
  const heights = componentExtents(ink, width, height)
    .map((extent) => ({ height: extent.bottom - extent.top + 1, width: extent.right - extent.left + 1 }))
    .filter((box) => box.height >= minGlyphHeight && box.height <= height * maxHeightShare && box.width <= box.height * maxAspect)
    .map((box) => box.height)
    .sort((a, b) => a - b);
  if (heights.length < minGlyphs) return undefined;
  return heights[Math.floor(heights.length / 2)];
}
