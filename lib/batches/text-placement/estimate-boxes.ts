import type { Box } from "@/lib/pages/types";
import { engineReading, rightOf, type PlacedWord, type WordSlot } from "./word-slots";

// Boxes for words a person typed that no word of the image stands for: placed by estimate, so the
// searchable PDF, the viewer and citations can still point at about the right place.

interface Segment {
  line: number;
  slots: WordSlot[];
  box: Box;
  angle?: number;
}

/** Consecutive slots on one line as one stretch of the line. */
function segmentsOf(slots: WordSlot[]): Segment[] {
  const segments: Segment[] = [];
  for (const slot of slots) {
    const last = segments.at(-1);
    if (last && last.line === slot.line) {
      last.slots.push(slot);
      last.box = union(last.box, slot.word.box);
    } else segments.push({ line: slot.line, slots: [slot], box: slot.word.box, angle: slot.word.angle });
  }
  return segments;
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(rightOf(a), rightOf(b)) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/**
 * A replaced run: the stretch of the page its old words took (line by line), divided among the new
 * words by their length with a letter's width between them. Each new word keeps, as original_text,
 * what the engine read where it now lies.
 */
export function divideSpan(slots: WordSlot[], tokens: string[]): PlacedWord[] {
  const segments = segmentsOf(slots);
  const total = segments.reduce((sum, segment) => sum + segment.box.width, 0);
  const letters = tokens.reduce((sum, token) => sum + token.length, 0) + tokens.length - 1;
  const unit = total / Math.max(letters, 1);
  let position = 0;
  return tokens.map((token) => {
    const start = position;
    const length = token.length * unit;
    position += length + unit;
    // The segment holding the word's middle, and the word moved inside it when it straddles two.
    let offset = start + length / 2;
    const segment =
      segments.find((candidate) => {
        if (offset <= candidate.box.width) return true;
        offset -= candidate.box.width;
        return false;
      }) ?? segments.at(-1)!;
    const width = Math.min(length, segment.box.width);
    const x = segment.box.x + Math.min(Math.max(offset - width / 2, 0), segment.box.width - width);
    const box = { x, y: segment.box.y, width, height: segment.box.height };
    const covered = segment.slots.filter((slot) => slot.word.box.x < x + width && rightOf(slot.word.box) > x);
    const reading = (covered.length > 0 ? covered : [nearest(segment.slots, x)]).map((slot) => slot.word);
    const original = reading.map(engineReading).join(" ");
    return {
      line: segment.line,
      word: {
        text: token,
        confidence: Math.min(...reading.map((word) => word.confidence)),
        box,
        ...(segment.angle !== undefined ? { angle: segment.angle } : {}),
        ...(original !== token ? { original_text: original } : {}),
        estimated: true,
      },
    };
  });
}

function nearest(slots: WordSlot[], x: number): WordSlot {
  return slots.reduce((best, slot) => (Math.abs(slot.word.box.x - x) < Math.abs(best.word.box.x - x) ? slot : best));
}

/**
 * Words inserted with no counterpart: between their neighbours when both are on one line (squeezed
 * into the gap if it is narrow), otherwise after the word before them on its line (or before the
 * word after them), a letter's width apart, each as wide as its letters in the neighbour's size.
 */
export function insertBetween(
  left: PlacedWord | undefined,
  right: WordSlot | undefined,
  tokens: string[],
): PlacedWord[] {
  const neighbour = (left ?? right)!;
  const reference = neighbour.word.box;
  const letterWidth = reference.width / Math.max(neighbour.word.text.length, 1);
  const letters = tokens.reduce((sum, token) => sum + token.length, 0);
  const natural = (letters + tokens.length + 1) * letterWidth;
  let unit = letterWidth;
  let start: number;
  if (left && right && left.line === right.line) {
    const gap = right.word.box.x - rightOf(left.word.box);
    if (gap > 0 && gap < natural) unit = gap / (letters + tokens.length + 1);
    start = rightOf(left.word.box) + unit;
  } else if (left) {
    // At the page's right edge the words are squeezed to fit.
    const room = 1 - rightOf(left.word.box);
    if (room > 0 && room < natural) unit = room / (letters + tokens.length + 1);
    start = rightOf(left.word.box) + unit;
  } else {
    const room = reference.x;
    if (room > 0 && room < natural) unit = room / (letters + tokens.length + 1);
    start = Math.max(reference.x - (letters + tokens.length) * unit, 0);
  }
  return tokens.map((token) => {
    const box = { x: start, y: reference.y, width: token.length * unit, height: reference.height };
    start += (token.length + 1) * unit;
    return {
      line: neighbour.line,
      word: {
        text: token,
        confidence: 1,
        box,
        ...(neighbour.word.angle !== undefined ? { angle: neighbour.word.angle } : {}),
        estimated: true,
      },
    };
  });
}
