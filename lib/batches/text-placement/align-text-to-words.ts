import { diffArrays } from "diff";
import type { StoredBoundingBoxes, StoredWord } from "../processing/page-data";
import { divideSpan, insertBetween } from "./estimate-boxes";
import { pairSimilarWords, wordDistance } from "./pair-similar-words";
import { rebuildLines } from "./rebuild-lines";
import { engineReading, tokensOf, wordSlots, type PlacedWord, type WordSlot } from "./word-slots";

/** How a page's words changed when a new text was laid over them. kept + changed + removed = old words; kept + changed + inserted = new words. */
export interface WordChanges {
  kept: number;
  changed: number;
  inserted: number;
  removed: number;
  /** The text had (almost) nothing in common with the words: every box is an estimate. */
  text_replaced: boolean;
}

/** Runs of up to this many old words are searched for a split or merged word. */
const maxSplitSearch = 16;

/**
 * The old words of a run that the new words spell with the spaces moved ("ACMESUPPLY Ltd" → "ACME
 * SUPPLY" spells the first), as [from, to); the rest of the run was deleted. Undefined when none does.
 */
function splitRange(oldWords: string[], newWords: string[]): [number, number] | undefined {
  if (oldWords.length > maxSplitSearch) return undefined;
  const spelled = newWords.join("");
  let best: { range: [number, number]; distance: number } | undefined;
  for (let from = 0; from < oldWords.length; from++)
    for (let to = from + 1; to <= oldWords.length; to++) {
      const distance = wordDistance(oldWords.slice(from, to).join(""), spelled);
      if (!best || distance < best.distance) best = { range: [from, to], distance };
    }
  return best && best.distance <= splitDistance ? best.range : undefined;
}

/** Beyond this many differing words the diff stops looking and the page is treated as replaced. */
const maxEditLength = 4_000;

/** Below this share of new words that kept or corrected a word of the page, the text is a replacement. */
const replacedBelow = 0.2;

/** A correction this close to the word it replaces ("Tota1" → "Total") shows the text is the page's own. */
const closeCorrection = 0.5;

/** Split or merged words ("ACMESUPPLY" → "ACME SUPPLY") read alike with the spaces left out. */
const splitDistance = 0.25;

/**
 * A text a person wrote for a page, placed on the page's words. A word-level diff finds the words
 * left as they were (they keep their boxes). In between: as many new words as old ones correct them
 * one for one (boxes kept, the engine's reading as original_text); a split or merge, or a run whose
 * words are not alike, takes the old words' stretch divided by length; a new word more alike to one
 * of the old than not corrects it, and the rest are inserted between their neighbours on the line.
 * Boxes not measured on the image are marked estimated.
 */
export function alignTextToWords(
  boxes: StoredBoundingBoxes,
  text: string,
): { boundingBoxes: StoredBoundingBoxes; changes: WordChanges } {
  const slots = wordSlots(boxes);
  const tokens = tokensOf(text);
  const placed: PlacedWord[] = [];
  let kept = 0;
  let changed = 0;
  /** New words on a word of the page: kept, or a close correction of it. */
  let anchored = 0;

  const correct = (slot: WordSlot, token: string) => {
    const original = engineReading(slot.word);
    const word: StoredWord = { ...slot.word, text: token, original_text: original };
    if (original === token) delete word.original_text;
    placed.push({ word, line: slot.line });
    if (token !== slot.word.text) changed++;
    else kept++;
    if (wordDistance(token, slot.word.text) < closeCorrection) anchored++;
  };

  /** A run of old words replaced by new ones, both possibly empty; `next` is the old word after it. */
  const placeRun = (removed: WordSlot[], added: string[], next: WordSlot | undefined, search = true) => {
    if (added.length === 0) return;
    if (removed.length === 0) {
      placed.push(...insertBetween(placed.at(-1), next, added));
      return;
    }
    const oldTexts = removed.map((slot) => slot.word.text);
    const split = splitRange(oldTexts, added);
    const inside = split ? removed.slice(split[0], split[1]) : removed;
    if (inside.length === added.length) {
      inside.forEach((slot, index) => correct(slot, added[index]));
      return;
    }
    const pairs = split || !search ? [] : pairSimilarWords(oldTexts, added);
    if (pairs.length === 0) {
      placed.push(...divideSpan(inside, added));
      changed += Math.min(inside.length, added.length);
      return;
    }
    let [fromOld, fromNew] = [0, 0];
    for (const [oldIndex, newIndex] of [...pairs, [removed.length, added.length] as [number, number]]) {
      placeRun(removed.slice(fromOld, oldIndex), added.slice(fromNew, newIndex), removed[oldIndex] ?? next, false);
      if (oldIndex < removed.length) correct(removed[oldIndex], added[newIndex]);
      [fromOld, fromNew] = [oldIndex + 1, newIndex + 1];
    }
  };

  const parts = diffArrays(
    slots.map((slot) => slot.word.text),
    tokens,
    { maxEditLength },
  ) ?? [
    { value: slots.map((slot) => slot.word.text), removed: true, added: false, count: slots.length },
    { value: tokens, removed: false, added: true, count: tokens.length },
  ];
  let oldIndex = 0;
  let removed: WordSlot[] = [];
  let added: string[] = [];
  for (const part of parts) {
    if (part.removed) {
      removed = slots.slice(oldIndex, oldIndex + part.value.length);
      oldIndex += part.value.length;
    } else if (part.added) added = part.value;
    else {
      placeRun(removed, added, slots[oldIndex]);
      [removed, added] = [[], []];
      for (const slot of slots.slice(oldIndex, oldIndex + part.value.length)) {
        placed.push(slot);
        kept++;
        anchored++;
      }
      oldIndex += part.value.length;
    }
  }
  placeRun(removed, added, undefined);

  const textReplaced = boxes.text_replaced === true || (tokens.length > 0 && anchored < replacedBelow * tokens.length);
  const words = textReplaced ? placed.map((item) => ({ ...item, word: { ...item.word, estimated: true } })) : placed;
  const rebuilt = rebuildLines(boxes, words);
  return {
    boundingBoxes: textReplaced ? { ...rebuilt, text_replaced: true } : rebuilt,
    changes: {
      kept,
      changed,
      inserted: tokens.length - kept - changed,
      removed: slots.length - kept - changed,
      text_replaced: textReplaced,
    },
  };
}
