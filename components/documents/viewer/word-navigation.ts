import type { PageBoxes } from "../types";

// Moving between a page's words from the keyboard: left and right step through the reading order,
// up and down go to the word of the line above or below that sits nearest horizontally. Pure, so it
// is tested without a browser.

export type WordStep = "next" | "previous" | "up" | "down";

function lineOf(boxes: Pick<PageBoxes, "lines">, index: number): number {
  return boxes.lines.findIndex((line) => index >= line.firstWord && index < line.firstWord + line.wordCount);
}

/** The word to move to from `index` (undefined: nothing focused yet, start at the first word). */
export function stepWord(
  boxes: Pick<PageBoxes, "words" | "lines">,
  index: number | undefined,
  step: WordStep,
): number | undefined {
  const count = boxes.words.length;
  if (count === 0) return undefined;
  if (index === undefined) return 0;
  if (step === "next") return Math.min(count - 1, index + 1);
  if (step === "previous") return Math.max(0, index - 1);
  const line = lineOf(boxes, index);
  const target = boxes.lines[line + (step === "down" ? 1 : -1)];
  if (line < 0 || !target) return index;
  const centre = (box: { x: number; width: number }) => box.x + box.width / 2;
  const from = centre(boxes.words[index].box);
  let best = target.firstWord;
  for (let candidate = target.firstWord; candidate < target.firstWord + target.wordCount; candidate++) {
    if (Math.abs(centre(boxes.words[candidate].box) - from) < Math.abs(centre(boxes.words[best].box) - from))
      best = candidate;
  }
  return best;
}

const keySteps: Record<string, WordStep> = {
  ArrowRight: "next",
  ArrowLeft: "previous",
  ArrowDown: "down",
  ArrowUp: "up",
};

export function stepForKey(key: string): WordStep | undefined {
  return keySteps[key];
}
