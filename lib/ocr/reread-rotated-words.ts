import { PSM } from "tesseract.js";
import { assembleLayout, unionBox, type AssembledLayout } from "@/lib/pages/layout";
import type { Box, Word } from "@/lib/pages/types";
import type { OcrRecogniser } from "@/lib/models";
import { greyToPgm, type NormalizedGreyImage } from "./normalize-image";
import { recognizeTsvWithPool } from "./tesseract-pool";
import { layoutFromTsv } from "./tesseract-tsv-layout";

// tesseract's page layout analysis sometimes takes a narrow column of short lines (line numbers
// "1." to "30." down a margin) for a line of rotated text, and reads it as one tall word of
// nonsense. Such a word is read again on its own as a block of horizontal lines, and the lines
// that come back more confident than it join the page lines beside them.

type GreyPage = Pick<NormalizedGreyImage, "grey" | "width" | "height">;

/** White border around a re-read region: tesseract finds no lines in text touching the edge. */
const padding = 16;

/** Two or more characters in a box more than twice as tall as wide: text read across rotated lines. */
function isRotatedReading(word: Word, page: GreyPage): boolean {
  return word.text.length >= 2 && word.box.height * page.height > 2 * word.box.width * page.width;
}

/** Suspects whose columns overlap form one region: a number column is often read as several tall words. */
function columnRegions(suspects: Word[]): Box[] {
  const regions: Box[] = [];
  for (const box of [...suspects].map((word) => word.box).sort((a, b) => a.x - b.x)) {
    const last = regions.at(-1);
    if (last && box.x <= last.x + last.width) regions[regions.length - 1] = unionBox([last, box]);
    else regions.push(box);
  }
  return regions;
}

/** The region widened by half its width each side: a number column's dots and digits spill out of the tall words. */
const widened = (box: Box): Box => ({ ...box, x: box.x - box.width / 2, width: box.width * 2 });

const centreInside = (box: Box, region: Box) => {
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  return x >= region.x && x <= region.x + region.width && y >= region.y && y <= region.y + region.height;
};

/** The (widened) region in whole pixels, with a margin above and below. */
function regionInPixels(box: Box, page: GreyPage): { left: number; top: number; width: number; height: number } {
  const left = Math.max(0, Math.floor(box.x * page.width));
  const right = Math.min(page.width, Math.ceil((box.x + box.width) * page.width));
  const top = Math.max(0, Math.floor(box.y * page.height) - padding);
  const bottom = Math.min(page.height, Math.ceil((box.y + box.height) * page.height) + padding);
  return { left, top, width: right - left, height: bottom - top };
}

function paddedCrop(page: GreyPage, region: ReturnType<typeof regionInPixels>): GreyPage {
  const width = region.width + padding * 2;
  const height = region.height + padding * 2;
  const grey = Buffer.alloc(width * height, 255);
  for (let row = 0; row < region.height; row++) {
    const from = (region.top + row) * page.width + region.left;
    page.grey.copy(grey, (row + padding) * width + padding, from, from + region.width);
  }
  return { grey, width, height };
}

/** A region read as a block of lines, words mapped back to the page, kept inside the region. */
async function readAsLines(area: Box, page: GreyPage, recogniser: OcrRecogniser): Promise<Word[][]> {
  const region = regionInPixels(widened(area), page);
  const crop = paddedCrop(page, region);
  const tsv = await recognizeTsvWithPool({
    image: greyToPgm(crop),
    params: { tessedit_pageseg_mode: PSM.SINGLE_BLOCK },
    recogniser,
  });
  const layout = layoutFromTsv(tsv, crop.width, crop.height);
  const toPage = (box: Box): Box => ({
    x: (region.left - padding + box.x * crop.width) / page.width,
    y: (region.top - padding + box.y * crop.height) / page.height,
    width: (box.width * crop.width) / page.width,
    height: (box.height * crop.height) / page.height,
  });
  return layout.lines
    .map((line) =>
      layout.words
        .slice(line.firstWord, line.firstWord + line.wordCount)
        .map((read) => ({ ...read, box: toPage(read.box) }))
        .filter((read) => centreInside(read.box, widened(area))),
    )
    .filter((line) => line.length > 0);
}

function verticalOverlap(a: Box, b: Box): number {
  const overlap = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return overlap <= 0 ? 0 : overlap / Math.min(a.height, b.height);
}

/** Puts a re-read line into the page line it sits beside (most vertical overlap), or on its own. */
function placeLine(blocks: Word[][][], line: Word[]): void {
  const box = unionBox(line.map((word) => word.box));
  let best: { words: Word[]; overlap: number } | undefined;
  for (const block of blocks) {
    for (const words of block) {
      if (words.length === 0) continue;
      const overlap = verticalOverlap(box, unionBox(words.map((word) => word.box)));
      if (overlap > 0.5 && overlap > (best?.overlap ?? 0)) best = { words, overlap };
    }
  }
  if (!best) {
    blocks.push([line]);
    return;
  }
  best.words.push(...line);
  best.words.sort((a, b) => a.box.x - b.box.x);
}

/** The layout with every rotated misreading replaced by the lines it really holds, when those read better. */
export async function rereadRotatedWords(
  layout: AssembledLayout,
  page: GreyPage,
  recogniser: OcrRecogniser,
): Promise<AssembledLayout> {
  const suspects = layout.words.filter((word) => isRotatedReading(word, page));
  if (suspects.length === 0) return layout;
  const replaced = new Set<Word>();
  const readLines: Word[][] = [];
  for (const region of columnRegions(suspects)) {
    const lines = await readAsLines(region, page, recogniser);
    const words = lines.flat();
    // Everything the page read inside the region (the tall words and stray marks beside them) gives way.
    const covered = layout.words.filter((word) => centreInside(word.box, widened(region)));
    // Only a better reading replaces the misread words: more confident than they are, and not losing
    // the text of words read well beside them (a form's rule read as a tall word can sit by real text).
    const misread = covered.filter((word) => suspects.includes(word));
    const readWell = covered.filter((word) => !suspects.includes(word));
    if (words.length === 0 || mean(words) <= mean(misread) || characters(words) < characters(readWell)) continue;
    covered.forEach((word) => replaced.add(word));
    // The widened crop also catches the start of the text beside the column, which the page read already.
    const kept = layout.words.filter((word) => !covered.includes(word));
    readLines.push(
      ...lines
        .map((line) => line.filter((read) => !kept.some((word) => overlapShare(read.box, word.box) > 0.3)))
        .filter((line) => line.length > 0),
    );
  }
  if (replaced.size === 0) return layout;
  const blocks = layout.blocks.map((block) =>
    layout.lines
      .slice(block.firstLine, block.firstLine + block.lineCount)
      .map((line) =>
        layout.words.slice(line.firstWord, line.firstWord + line.wordCount).filter((word) => !replaced.has(word)),
      ),
  );
  for (const line of readLines) placeLine(blocks, line);
  return assembleLayout(blocks);
}

/** Share of `box` that `other` covers. */
function overlapShare(box: Box, other: Box): number {
  const width = Math.min(box.x + box.width, other.x + other.width) - Math.max(box.x, other.x);
  const height = Math.min(box.y + box.height, other.y + other.height) - Math.max(box.y, other.y);
  const area = box.width * box.height;
  return width <= 0 || height <= 0 || area === 0 ? 0 : (width * height) / area;
}

function characters(words: Word[]): number {
  return words.reduce((sum, word) => sum + word.text.length, 0);
}

function mean(words: Word[]): number {
  return words.reduce((sum, word) => sum + word.confidence, 0) / Math.max(1, words.length);
}
