import type { GreyPixels } from "./estimate-skew";

// Is a page speckled? Ink on a page is letters, most of them far larger than a speck; salt-and-pepper
// noise and grain are thousands of tiny dark blobs. So the share of dark connected components no
// larger than a speck tells a noisy page from a clean one. Measured on the normalised pages of
// FUNSD, SROIE and bench/ocr-degraded: real documents at most 0.47 (a faint SROIE receipt), generated
// pages with 1.5% or 5% salt-and-pepper or σ 60 noise 0.82–0.99; after a 3-pixel median the real
// ones at most 0.43, and 5% salt-and-pepper (at 200 or 75 DPI) still 0.83–0.91. Labelling a
// 9-megapixel page costs ~0.1 s, so it is measured only where it decides something.

/** Share of components at or above which a page counts as speckled. */
const speckledShare = 0.5;
/** Below this many components there is too little ink to tell (a near-empty page). */
const minComponents = 50;

/** Ink is darker than halfway between the darkest 1% of the page and its median (the paper). */
function inkThreshold(image: GreyPixels): number {
  const histogram = new Uint32Array(256);
  for (const value of image.data) histogram[value]++;
  const level = (share: number) => {
    let seen = 0;
    for (let value = 0; value < 256; value++) {
      seen += histogram[value];
      if (seen >= share * image.data.length) return value;
    }
    return 255;
  };
  return (level(0.01) + level(0.5)) / 2;
}

/** Sizes in pixels of the 8-connected dark components. */
function inkComponentSizes(image: GreyPixels, threshold: number): number[] {
  const { data, width, height } = image;
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const sizes: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start] >= threshold) continue;
    seen[start] = 1;
    let top = 0;
    stack[top++] = start;
    let size = 0;
    while (top > 0) {
      const at = stack[--top];
      size++;
      const x = at % width;
      const y = (at - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const row = y + dy;
        if (row < 0 || row >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const column = x + dx;
          if (column < 0 || column >= width) continue;
          const next = row * width + column;
          if (seen[next] || data[next] >= threshold) continue;
          seen[next] = 1;
          stack[top++] = next;
        }
      }
    }
    sizes.push(size);
  }
  return sizes;
}

/**
 * The share of the page's ink components no larger than a speck: 3×3 pixels (a speck of a 75-DPI
 * scan enlarged twice by normalisation is about that size), or an eighth of the median glyph
 * height squared on larger text (a full stop is larger). Noise drags the glyph height estimate
 * down, so the fixed size is a floor, not a fallback.
 */
export function speckShare(image: GreyPixels, textHeight: number | undefined): number {
  const sizes = inkComponentSizes(image, inkThreshold(image));
  if (sizes.length < minComponents) return 0;
  const speck = Math.max(9, ((textHeight ?? 0) / 8) ** 2);
  return sizes.filter((size) => size <= speck).length / sizes.length;
}

export function isSpeckled(image: GreyPixels, textHeight: number | undefined): boolean {
  return speckShare(image, textHeight) >= speckledShare;
}
