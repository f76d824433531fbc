import type { Block, Box, Line, Word } from "./types";

// Geometry shared by every reader: group positioned words into lines and blocks, and build the
// page text from them, so text layers, OCR engines and office layouts all end up the same shape.

export function unionBox(boxes: Box[]): Box {
  if (boxes.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const box of boxes) {
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export function clampBox(box: Box): Box {
  const x = Math.min(Math.max(box.x, 0), 1);
  const y = Math.min(Math.max(box.y, 0), 1);
  return { x, y, width: Math.min(Math.max(box.width, 0), 1 - x), height: Math.min(Math.max(box.height, 0), 1 - y) };
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Words whose vertical centres overlap join one line, read left to right. */
export function groupWordsIntoLines(words: Word[]): Word[][] {
  const sorted = [...words].sort((a, b) => a.box.y + a.box.height / 2 - (b.box.y + b.box.height / 2));
  const lines: Array<{ words: Word[]; top: number; bottom: number }> = [];
  for (const word of sorted) {
    const centre = word.box.y + word.box.height / 2;
    const line = lines.find((candidate) => {
      const height = candidate.bottom - candidate.top;
      return centre > candidate.top + height * 0.1 && centre < candidate.bottom - height * 0.1;
    });
    if (line) {
      line.words.push(word);
      line.top = Math.min(line.top, word.box.y);
      line.bottom = Math.max(line.bottom, word.box.y + word.box.height);
    } else {
      lines.push({ words: [word], top: word.box.y, bottom: word.box.y + word.box.height });
    }
  }
  return lines.sort((a, b) => a.top - b.top).map((line) => line.words.sort((a, b) => a.box.x - b.box.x));
}

/** Consecutive lines close together vertically and overlapping horizontally form a block. */
export function groupLinesIntoBlocks(lines: Word[][]): Word[][][] {
  const blocks: Word[][][] = [];
  let previous: Box | undefined;
  for (const line of lines) {
    const box = unionBox(line.map((word) => word.box));
    const current = blocks.at(-1);
    const joins =
      current &&
      previous &&
      box.y - (previous.y + previous.height) < Math.max(previous.height, box.height) * 0.9 &&
      box.x < previous.x + previous.width &&
      previous.x < box.x + box.width;
    if (joins && current) current.push(line);
    else blocks.push([line]);
    previous = box;
  }
  return blocks;
}

export interface AssembledLayout {
  text: string;
  words: Word[];
  lines: Line[];
  blocks: Block[];
  confidence: number;
}

/** The turn all of these share (lines from their words, blocks from their lines); undefined when upright or mixed. */
export function sharedAngle(items: ReadonlyArray<{ angle?: number }>): number | undefined {
  const first = items[0]?.angle ?? 0;
  return first !== 0 && items.every((item) => (item.angle ?? 0) === first) ? first : undefined;
}

/** Lines and blocks with the angle their words share, after words were turned or mapped. */
export function withSharedAngles<T extends { words: Word[]; lines: Line[]; blocks: Block[] }>(layout: T): T {
  const angled = <U extends { angle?: number }>(item: U, angle: number | undefined): U => {
    const copy = { ...item };
    if (angle === undefined) delete copy.angle;
    else copy.angle = angle;
    return copy;
  };
  const lines = layout.lines.map((line) =>
    angled(line, sharedAngle(layout.words.slice(line.firstWord, line.firstWord + line.wordCount))),
  );
  const blocks = layout.blocks.map((block) =>
    angled(block, sharedAngle(lines.slice(block.firstLine, block.firstLine + block.lineCount))),
  );
  return { ...layout, lines, blocks };
}

/** Flatten blocks → lines → words into the page arrays with their index ranges and the page text. */
export function assembleLayout(blocks: Word[][][]): AssembledLayout {
  const words: Word[] = [];
  const lines: Line[] = [];
  const outBlocks: Block[] = [];
  for (const block of blocks) {
    const firstLine = lines.length;
    for (const lineWords of block) {
      if (lineWords.length === 0) continue;
      lines.push({
        text: lineWords.map((word) => word.text).join(" "),
        confidence: mean(lineWords.map((word) => word.confidence)),
        box: unionBox(lineWords.map((word) => word.box)),
        firstWord: words.length,
        wordCount: lineWords.length,
      });
      words.push(...lineWords);
    }
    const blockLines = lines.slice(firstLine);
    if (blockLines.length === 0) continue;
    outBlocks.push({
      text: blockLines.map((line) => line.text).join("\n"),
      confidence: mean(blockLines.map((line) => line.confidence)),
      box: unionBox(blockLines.map((line) => line.box)),
      firstLine,
      lineCount: blockLines.length,
    });
  }
  return withSharedAngles({
    text: outBlocks.map((block) => block.text).join("\n\n"),
    words,
    lines,
    blocks: outBlocks,
    confidence: words.length === 0 ? 0 : mean(words.map((word) => word.confidence)),
  });
}

/** The layout with its words replaced one for one (same count, same order), its lines and blocks as they were. */
export function withWordsReplaced(layout: AssembledLayout, words: Word[]): AssembledLayout {
  return assembleLayout(
    layout.blocks.map((block) =>
      layout.lines
        .slice(block.firstLine, block.firstLine + block.lineCount)
        .map((line) => words.slice(line.firstWord, line.firstWord + line.wordCount)),
    ),
  );
}

/** Group free words into lines and blocks, then assemble. */
export function layoutFromWords(words: Word[]): AssembledLayout {
  return assembleLayout(groupLinesIntoBlocks(groupWordsIntoLines(words)));
}
