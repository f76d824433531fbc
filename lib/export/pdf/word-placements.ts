import type { Box } from "@/lib/pages/types";
import { turnedRectangle } from "@/lib/documents/word-corners";
import type { ExportPage } from "../export-types";

/** One run of a text layer (a word, or the space after it), in PDF points (y up). */
export interface TextLayerRun {
  text: string;
  /** Start of the baseline. */
  x: number;
  y: number;
  size: number;
  /** The length the run is squeezed or stretched to along its direction. */
  width: number;
  /** Counter-clockwise turn in radians, PDF's sense. */
  rotation: number;
}

interface Placement {
  x: number;
  y: number;
  /** Unit vector of the text direction (PDF coordinates). */
  ux: number;
  uy: number;
  size: number;
  length: number;
}

/**
 * The runs of a page's text layer, the way ocrmypdf makes scans searchable: every word of a line on
 * the line's baseline at the line's size, over its box; a turned word (angle) along its own turned
 * rectangle, so a selection follows the tilted text. Between two words of a line a space is stretched
 * over the gap: without it, text extraction (pdftotext, a reader's copy) sees words far apart for
 * their size and reads them as separate columns instead of one line.
 */
export function textLayerRuns(page: ExportPage, width: number, height: number): TextLayerRun[] {
  const texts = page.words.map((word) => word.text.replace(/[\u0000-\u001f]/g, "").trim());
  const placements = page.words.map((word, index) =>
    texts[index] ? placementOf(page, index, word.box, word.angle, width, height) : undefined,
  );
  for (const line of page.lines) enlargeForGaps(placements.slice(line.firstWord, line.firstWord + line.wordCount));
  const runs: TextLayerRun[] = [];
  for (const [index, text] of texts.entries()) {
    const placement = placements[index];
    if (!text || !placement) continue;
    runs.push(runOf(text, placement, placement.length));
    const next = nextInLine(page, index);
    const nextPlacement = next === undefined ? undefined : placements[next];
    if (!nextPlacement) continue;
    const end = { x: placement.x + placement.ux * placement.length, y: placement.y + placement.uy * placement.length };
    // Overlapping or touching boxes still get their space, drawn a hair wide, so the words stay apart.
    const gap = Math.max(gapBetween(placement, nextPlacement), placement.size * 0.05);
    runs.push(runOf(" ", { ...placement, ...end }, gap));
  }
  return runs;
}

/** Horizontal scaling (percent) that makes a run of this natural width fill the target width. */
export function squeezeFor(targetWidth: number, naturalWidth: number): number {
  return naturalWidth > 0 ? Math.min(Math.max((targetWidth / naturalWidth) * 100, 1), 500) : 100;
}

function runOf(text: string, at: Placement, width: number): TextLayerRun {
  return { text, x: at.x, y: at.y, size: at.size, width, rotation: Math.atan2(at.uy, at.ux) };
}

function placementOf(
  page: ExportPage,
  index: number,
  box: Box,
  angle: number | undefined,
  width: number,
  height: number,
): Placement {
  if (angle) return turnedPlacement(box, angle, width, height);
  const line = lineOf(page, index)?.box ?? box;
  const lineHeight = line.height * height;
  return {
    x: box.x * width,
    // Baseline a fifth of the line above its bottom: room for descenders.
    y: height - (line.y + line.height) * height + lineHeight * 0.2,
    ux: 1,
    uy: 0,
    size: Math.max(lineHeight * 0.8, 1),
    length: box.width * width,
  };
}

/**
 * A word turned clockwise by `angle` in the image: the text starts at its rectangle's left end, on a
 * baseline a fifth of its height above the bottom edge, and is rotated by the same turn (PDF angles
 * run counter-clockwise with y up, hence the sign).
 */
function turnedPlacement(box: Box, angle: number, width: number, height: number): Placement {
  const rectangle = turnedRectangle(box, angle, width, height);
  const radians = (angle * Math.PI) / 180;
  const [ux, uy] = [Math.cos(radians), Math.sin(radians)];
  const [vx, vy] = [-uy, ux];
  const along = -rectangle.length / 2;
  const across = rectangle.thickness / 2 - rectangle.thickness * 0.2;
  return {
    x: rectangle.centreX * width + ux * along + vx * across,
    y: height - (rectangle.centreY * height + uy * along + vy * across),
    ux,
    uy: -uy,
    size: Math.max(rectangle.thickness * 0.8, 1),
    length: rectangle.length,
  };
}

/**
 * Text extraction (poppler, pdf.js, a reader's copy) ends a line where the gap to the next word is
 * wider than about one font size. OCR boxes of a line in capitals or a monospaced font are short for
 * their gaps, so the line's size is raised (at most 1.6 times) until its widest gap is 0.8 of it; the
 * selection box grows a little, the words stay on their boxes.
 */
function enlargeForGaps(line: (Placement | undefined)[]) {
  const words = line.filter((placement): placement is Placement => placement !== undefined);
  const widestGap = Math.max(0, ...words.slice(1).map((next, index) => gapBetween(words[index], next)));
  const size = Math.max(0, ...words.map((word) => word.size));
  const scale = Math.min(Math.max(widestGap / 0.8 / size, 1), 1.6);
  for (const word of words) word.size *= scale;
}

function gapBetween(word: Placement, next: Placement): number {
  const end = { x: word.x + word.ux * word.length, y: word.y + word.uy * word.length };
  return (next.x - end.x) * word.ux + (next.y - end.y) * word.uy;
}

function lineOf(page: ExportPage, wordIndex: number) {
  return page.lines.find((line) => wordIndex >= line.firstWord && wordIndex < line.firstWord + line.wordCount);
}

function nextInLine(page: ExportPage, wordIndex: number): number | undefined {
  const line = lineOf(page, wordIndex);
  return line && wordIndex + 1 < line.firstWord + line.wordCount ? wordIndex + 1 : undefined;
}
