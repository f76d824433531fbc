import type { Page as TesseractPage, Bbox } from "tesseract.js";
import { assembleLayout, clampBox, type AssembledLayout } from "@/lib/pages/layout";
import type { Box, Word } from "@/lib/pages/types";

// tesseract.js reports blocks → paragraphs → lines → words in pixels of the image it was given;
// paragraphs become our blocks and every box is normalised to that image.

function normalise(bbox: Bbox, width: number, height: number): Box {
  return clampBox({
    x: bbox.x0 / width,
    y: bbox.y0 / height,
    width: (bbox.x1 - bbox.x0) / width,
    height: (bbox.y1 - bbox.y0) / height,
  });
}

export function layoutFromTesseract(page: TesseractPage, width: number, height: number): AssembledLayout {
  const blocks: Word[][][] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      const lines: Word[][] = [];
      for (const line of paragraph.lines) {
        const words = line.words
          .filter((word) => word.text.trim() !== "")
          .map((word) => ({
            text: word.text.trim(),
            confidence: Math.max(0, Math.min(1, word.confidence / 100)),
            box: normalise(word.bbox, width, height),
          }));
        if (words.length > 0) lines.push(words);
      }
      if (lines.length > 0) blocks.push(lines);
    }
  }
  return assembleLayout(blocks);
}
