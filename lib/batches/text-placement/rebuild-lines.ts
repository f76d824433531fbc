import type { StoredBoundingBoxes } from "../processing/page-data";
import type { PlacedWord } from "./word-slots";

/**
 * The page's lines and blocks over the new words: consecutive words on one old line make a line
 * (its box grown to hold estimated words), lines of one old block a block; emptied ones are dropped.
 * A page stored without lines keeps none.
 */
export function rebuildLines(boxes: StoredBoundingBoxes, placed: PlacedWord[]): StoredBoundingBoxes {
  const words = placed.map((item) => item.word);
  if (boxes.lines.length === 0) return { ...boxes, words, lines: [], blocks: [] };
  const lines: StoredBoundingBoxes["lines"] = [];
  const oldLineOf: number[] = [];
  placed.forEach((item, index) => {
    const last = lines.at(-1);
    if (last && oldLineOf.at(-1) === item.line) {
      last.wordCount++;
      last.text += ` ${item.word.text}`;
      last.box = grown(last.box, item.word.box);
      return;
    }
    const original = boxes.lines[item.line];
    lines.push({
      ...original,
      text: item.word.text,
      firstWord: index,
      wordCount: 1,
      box: grown(original.box, item.word.box),
    });
    oldLineOf.push(item.line);
  });
  const blockOfLine = new Map<number, number>();
  boxes.blocks.forEach((block, blockIndex) => {
    for (let line = block.firstLine; line < block.firstLine + block.lineCount; line++)
      blockOfLine.set(line, blockIndex);
  });
  const blocks: StoredBoundingBoxes["blocks"] = [];
  let lastBlock: number | undefined;
  lines.forEach((line, index) => {
    const blockIndex = blockOfLine.get(oldLineOf[index]);
    if (blockIndex === undefined) return;
    const last = blocks.at(-1);
    if (last && lastBlock === blockIndex && last.firstLine + last.lineCount === index) {
      last.lineCount++;
      last.text += `\n${line.text}`;
      return;
    }
    blocks.push({ ...boxes.blocks[blockIndex], firstLine: index, lineCount: 1, text: line.text });
    lastBlock = blockIndex;
  });
  return { ...boxes, words, lines, blocks };
}

function grown(box: { x: number; y: number; width: number; height: number }, inner: typeof box): typeof box {
  const x = Math.min(box.x, inner.x);
  const y = Math.min(box.y, inner.y);
  return {
    x,
    y,
    width: Math.max(box.x + box.width, inner.x + inner.width) - x,
    height: Math.max(box.y + box.height, inner.y + inner.height) - y,
  };
}
