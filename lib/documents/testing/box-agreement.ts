import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Box } from "@/lib/pages/types";

// Independent reference boxes for tests and the benchmark (the Tesseract CLI on an image, poppler's
// pdftotext -bbox on a PDF), the same words carried through a known turn, and the agreement figures
// the issue measures: mean IoU, share of pairs with IoU ≥ 0.5, centre offset in word heights.

const run = promisify(execFile);

export interface ReferenceWord {
  text: string;
  /** Normalised to the page (0–1). */
  box: Box;
  /** Height of the word's upright rectangle as a share of the page height, for offsets in word heights. */
  wordHeight: number;
}

/** Word boxes the native Tesseract CLI finds in an image file. */
export async function tesseractCliWords(imagePath: string, width: number, height: number): Promise<ReferenceWord[]> {
  const { stdout } = await run("tesseract", [imagePath, "-", "--psm", "3", "tsv"], { maxBuffer: 64 * 1024 * 1024 });
  const words: ReferenceWord[] = [];
  for (const row of stdout.split("\n")) {
    const cells = row.split("\t");
    if (cells[0] !== "5" || cells.length < 12 || cells[11].trim() === "") continue;
    const [left, top, wordWidth, wordHeight] = cells.slice(6, 10).map(Number);
    words.push({
      text: cells[11].trim(),
      box: { x: left / width, y: top / height, width: wordWidth / width, height: wordHeight / height },
      wordHeight: wordHeight / height,
    });
  }
  return words;
}

/** Word boxes poppler gives for one page of a PDF (1-based), normalised to the page. */
export async function pdftotextWords(pdfPath: string, pageNumber: number): Promise<ReferenceWord[]> {
  const { stdout } = await run(
    "pdftotext",
    ["-bbox", "-f", String(pageNumber), "-l", String(pageNumber), pdfPath, "-"],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const page = /<page width="([\d.]+)" height="([\d.]+)">/.exec(stdout);
  if (!page) return [];
  const [pageWidth, pageHeight] = [Number(page[1]), Number(page[2])];
  const decode = (text: string) =>
    text
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&");
  return [
    ...stdout.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g),
  ].map((match) => {
    const [xMin, yMin, xMax, yMax] = match.slice(1, 5).map(Number);
    return {
      text: decode(match[5]),
      box: {
        x: xMin / pageWidth,
        y: yMin / pageHeight,
        width: (xMax - xMin) / pageWidth,
        height: (yMax - yMin) / pageHeight,
      },
      wordHeight: (yMax - yMin) / pageHeight,
    };
  });
}

/**
 * Words of a `width` × `height` image carried through sharp's `rotate(degrees)` (clockwise, about
 * the centre, onto a canvas grown to hold the result): each box becomes the bound of its turned corners.
 */
export function turnReferenceWords(
  words: ReferenceWord[],
  degrees: number,
  width: number,
  height: number,
): { words: ReferenceWord[]; width: number; height: number } {
  const radians = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const turnedWidth = Math.round(Math.abs(width * cos) + Math.abs(height * sin));
  const turnedHeight = Math.round(Math.abs(width * sin) + Math.abs(height * cos));
  const turn = (x: number, y: number): [number, number] => {
    const [dx, dy] = [x * width - width / 2, y * height - height / 2];
    return [
      (dx * cos - dy * sin + turnedWidth / 2) / turnedWidth,
      (dx * sin + dy * cos + turnedHeight / 2) / turnedHeight,
    ];
  };
  return {
    width: turnedWidth,
    height: turnedHeight,
    words: words.map((word) => {
      const { x, y, width: w, height: h } = word.box;
      const corners = [turn(x, y), turn(x + w, y), turn(x, y + h), turn(x + w, y + h)];
      const xs = corners.map(([cx]) => cx);
      const ys = corners.map(([, cy]) => cy);
      const box = {
        x: Math.min(...xs),
        y: Math.min(...ys),
        width: Math.max(...xs) - Math.min(...xs),
        height: Math.max(...ys) - Math.min(...ys),
      };
      return { text: word.text, box, wordHeight: (word.wordHeight * height) / turnedHeight };
    }),
  };
}

export function boxIou(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const overlap = width * height;
  return overlap / (a.width * a.height + b.width * b.height - overlap);
}

export interface BoxAgreement {
  /** Reference words paired with a found word of the same text. */
  pairs: number;
  referenceWords: number;
  meanIou: number;
  /** Share of pairs with IoU ≥ 0.5. */
  overlapping: number;
  /** Median distance between the boxes' centres, in word heights. */
  medianCentreOffset: number;
  /** Median horizontal distance between the boxes' centres, in word heights. */
  medianHorizontalOffset: number;
}

const normalizeText = (text: string) =>
  text
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]/gu, "")
    .toLowerCase();

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Pairs each reference word with the found word of the same text nearest to it (each used once) and
 * measures how well their boxes agree. `aspect` is the page's height over its width, so offsets
 * are measured in the page's own proportions.
 */
export function compareBoxes(
  reference: ReferenceWord[],
  found: Array<{ text: string; box: Box }>,
  aspect: number,
): BoxAgreement {
  const available = found.map((word) => ({ key: normalizeText(word.text), box: word.box, used: false }));
  const ious: number[] = [];
  const offsets: number[] = [];
  const horizontal: number[] = [];
  for (const word of reference) {
    const key = normalizeText(word.text);
    if (key === "") continue;
    const cx = word.box.x + word.box.width / 2;
    const cy = word.box.y + word.box.height / 2;
    let best: (typeof available)[number] | undefined;
    let bestDistance = Infinity;
    for (const candidate of available) {
      if (candidate.used || candidate.key !== key) continue;
      const dx = candidate.box.x + candidate.box.width / 2 - cx;
      const dy = (candidate.box.y + candidate.box.height / 2 - cy) * aspect;
      const distance = Math.hypot(dx, dy);
      if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
    }
    // A same-text word a page away is another occurrence, not this one.
    if (!best || bestDistance > word.wordHeight * aspect * 6) continue;
    best.used = true;
    ious.push(boxIou(word.box, best.box));
    offsets.push(bestDistance / (word.wordHeight * aspect));
    horizontal.push(Math.abs(best.box.x + best.box.width / 2 - cx) / (word.wordHeight * aspect));
  }
  return {
    pairs: ious.length,
    referenceWords: reference.length,
    meanIou: ious.length === 0 ? 0 : ious.reduce((sum, value) => sum + value, 0) / ious.length,
    overlapping: ious.length === 0 ? 0 : ious.filter((value) => value >= 0.5).length / ious.length,
    medianCentreOffset: median(offsets),
    medianHorizontalOffset: median(horizontal),
  };
}
