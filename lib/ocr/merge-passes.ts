import { assembleLayout, type AssembledLayout } from "@/lib/documents/layout";
import type { Box, Word } from "@/lib/documents/types";

// XL runs several OCR passes over differently prepared images; for every line region the pass with
// the higher mean confidence wins, and regions only one pass found are kept.

function overlapRatio(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const smaller = Math.min(a.width * a.height, b.width * b.height);
  return smaller === 0 ? 0 : (width * height) / smaller;
}

interface Region {
  box: Box;
  confidence: number;
  words: Word[];
  block: number;
}

function regions(layout: AssembledLayout, blockOffset: number): Region[] {
  return layout.blocks.flatMap((block, blockIndex) =>
    layout.lines.slice(block.firstLine, block.firstLine + block.lineCount).map((line) => ({
      box: line.box,
      confidence: line.confidence,
      words: layout.words.slice(line.firstWord, line.firstWord + line.wordCount),
      block: blockOffset + blockIndex,
    })),
  );
}

/**
 * A line replaces the lines it overlaps only when it is more confident than they are, word for word,
 * and spans them: a fragment of a line, however confident, must not push out the whole line (one
 * pass often splits a line another reads whole).
 */
function replacesRivals(region: Region, rivals: Region[]): boolean {
  const words = rivals.reduce((sum, rival) => sum + rival.words.length, 0);
  const rivalConfidence = words === 0 ? 0 : rivals.reduce((sum, rival) => sum + rival.confidence * rival.words.length, 0) / words;
  const left = Math.min(...rivals.map((rival) => rival.box.x));
  const right = Math.max(...rivals.map((rival) => rival.box.x + rival.box.width));
  const covered = Math.min(right, region.box.x + region.box.width) - Math.max(left, region.box.x);
  return region.confidence > rivalConfidence && covered >= 0.8 * (right - left);
}

export function mergeOcrPasses(passes: AssembledLayout[]): AssembledLayout {
  if (passes.length === 1) return passes[0];
  let chosen: Region[] = [];
  let blockOffset = 0;
  for (const pass of passes) {
    for (const region of regions(pass, blockOffset)) {
      const rivals = chosen.filter((existing) => overlapRatio(existing.box, region.box) > 0.5);
      if (rivals.length === 0) chosen.push(region);
      else if (replacesRivals(region, rivals)) {
        chosen = chosen.filter((existing) => !rivals.includes(existing));
        // The line takes the place of the ones it replaces, in their block, so reading order holds.
        chosen.push({ ...region, block: rivals[0].block });
      }
    }
    blockOffset += pass.blocks.length;
  }
  const byBlock = new Map<number, Region[]>();
  for (const region of chosen) byBlock.set(region.block, [...(byBlock.get(region.block) ?? []), region]);
  const blocks = [...byBlock.values()]
    .map((blockRegions) => blockRegions.sort((a, b) => a.box.y - b.box.y))
    .sort((a, b) => a[0].box.y - b[0].box.y || a[0].box.x - b[0].box.x)
    .map((blockRegions) => blockRegions.map((region) => region.words));
  return assembleLayout(blocks);
}
