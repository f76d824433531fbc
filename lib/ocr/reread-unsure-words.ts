import { PSM } from "tesseract.js";
import { withWordsReplaced, type AssembledLayout } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import type { OcrRecogniser } from "@/lib/models";
import { englishSpeller, type Speller } from "./english-speller";
import { greyToPgm, type NormalizedGreyImage } from "./normalize-image";
import { recognizeTsvWithPool } from "./tesseract-pool";
import { layoutFromTsv } from "./tesseract-tsv-layout";

// On a low-resolution scan tesseract misreads words whose neighbours drag its line segmentation off:
// read on its own, with white around it, the same word often comes back right. The unsure words of a
// page are cut out, stacked one per row in one image (one recognition call, whose cost follows the
// characters read) and read as a block; a word is replaced when its new reading is much surer and an
// English word. Without that last condition the new readings were also codes and numbers that got
// worse ("2308" became "21303") and marks read as words, which made wrong key-value pairs. A crop read
// as several words is left alone (that would change the page's words, not their reading).
// Measurements: bench/NOTES.md.

type GreyPage = Pick<NormalizedGreyImage, "grey" | "width" | "height">;

/** Words read less surely than this are read again... */
const maxConfidence = 0.6;
/** ...and their new reading kept when it is this much surer. */
const minGain = 0.3;
/** White kept around each word's box, in word heights: its letters' edges without the neighbours'. */
const margin = 0.3;
/** A page with more unsure words than this is noise or handwriting, which a second look does not read. */
const maxWords = 300;
/**
 * Tallest image of stacked words read at once: tesseract refuses an image past 32,767 pixels either
 * way, and one tall "word" (a smudge, a logo) would set the gap between every row of the stack.
 */
export const maxStackHeight = 8_000;

/** At least two letters or digits: a mark, a tick or a lone letter is not worth reading again. */
export const hasTwoCharacters = (word: Pick<Word, "text">) => (word.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2;

interface Crop {
  word: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

function wordCrop(word: Word, index: number, page: GreyPage): Crop {
  const around = margin * word.box.height * page.height;
  return {
    word: index,
    left: Math.max(0, Math.floor(word.box.x * page.width - around)),
    right: Math.min(page.width, Math.ceil((word.box.x + word.box.width) * page.width + around)),
    top: Math.max(0, Math.floor(word.box.y * page.height - around)),
    bottom: Math.min(page.height, Math.ceil((word.box.y + word.box.height) * page.height + around)),
  };
}

/**
 * The crops in stacks no taller than `maxStackHeight`, crops of like height together (a stack's rows
 * are its tallest crop's height apart). A crop too tall to fit a stack on its own is left out.
 */
export function planStacks<T extends Pick<Crop, "top" | "bottom">>(crops: T[]): T[][] {
  const byHeight = [...crops].sort((a, b) => a.bottom - a.top - (b.bottom - b.top));
  const stacks: T[][] = [];
  let stack: T[] = [];
  let rowsHeight = 0;
  for (const crop of byHeight) {
    const height = crop.bottom - crop.top;
    if (3 * height > maxStackHeight) break;
    // Sorted by height, the crop being added is the stack's tallest and sets its gaps.
    if (stack.length > 0 && rowsHeight + height + (stack.length + 2) * height > maxStackHeight) {
      stacks.push(stack);
      [stack, rowsHeight] = [[], 0];
    }
    stack.push(crop);
    rowsHeight += height;
  }
  if (stack.length > 0) stacks.push(stack);
  return stacks;
}

/** The crops one per row, a crop's height apart, and the band (0–1 of the image's height) each occupies. */
function stackCrops(crops: Crop[], page: GreyPage): { image: GreyPage; bands: Array<{ top: number; bottom: number }> } {
  const gap = Math.max(...crops.map((crop) => crop.bottom - crop.top));
  const width = Math.max(...crops.map((crop) => crop.right - crop.left)) + 2 * gap;
  const height = crops.reduce((sum, crop) => sum + crop.bottom - crop.top + gap, gap);
  const grey = Buffer.alloc(width * height, 255);
  const bands: Array<{ top: number; bottom: number }> = [];
  let top = gap;
  for (const crop of crops) {
    for (let row = crop.top; row < crop.bottom; row++)
      page.grey.copy(
        grey,
        (top + row - crop.top) * width + gap,
        row * page.width + crop.left,
        row * page.width + crop.right,
      );
    bands.push({ top: top / height, bottom: (top + crop.bottom - crop.top) / height });
    top += crop.bottom - crop.top + gap;
  }
  return { image: { grey, width, height }, bands };
}

/** Each crop's words as read in its stack, by the crop's word index. */
async function readStack(crops: Crop[], page: GreyPage, recogniser: OcrRecogniser): Promise<Map<number, Word[]>> {
  const { image, bands } = stackCrops(crops, page);
  const tsv = await recognizeTsvWithPool({
    image: greyToPgm(image),
    recogniser,
    params: { tessedit_pageseg_mode: PSM.SINGLE_BLOCK },
  });
  const readings = new Map<number, Word[]>();
  for (const reading of layoutFromTsv(tsv, image.width, image.height).words) {
    const middle = reading.box.y + reading.box.height / 2;
    const band = bands.findIndex(({ top, bottom }) => middle >= top && middle <= bottom);
    if (band >= 0) readings.set(crops[band].word, [...(readings.get(crops[band].word) ?? []), reading]);
  }
  return readings;
}

/** Letters between punctuation that the dictionary knows. */
function isEnglishWord(text: string, speller: Speller): boolean {
  const letters = text.match(/^[("'“‘[]?(\p{L}{2,})[)"'”’.,;:!?\]]?$/u)?.[1];
  return !!letters && (speller.correct(letters) || speller.correct(letters.toLowerCase()));
}

/**
 * The new reading, with the first reading's closing colon when it lost it: cut out of its line, a
 * key's colon is often not read again ("CAT-B-EXPENSES"), and the colon is what marks the key.
 */
function withColonKept(first: string, again: string): string {
  return first.endsWith(":") && /[\p{L}\p{N}]$/u.test(again) ? `${again}:` : again;
}

/** The layout with its unsure words replaced by a much surer reading of each on its own. */
export async function rereadUnsureWords(
  layout: AssembledLayout,
  page: GreyPage,
  recogniser: OcrRecogniser,
): Promise<AssembledLayout> {
  const crops = layout.words.flatMap((word, index) =>
    word.confidence < maxConfidence && hasTwoCharacters(word) ? [wordCrop(word, index, page)] : [],
  );
  if (crops.length === 0 || crops.length > maxWords) return layout;
  const readings = new Map<number, Word[]>();
  for (const stack of planStacks(crops))
    for (const [word, read] of await readStack(stack, page, recogniser)) readings.set(word, read);
  const speller = await englishSpeller();
  let changed = false;
  const words = layout.words.map((word, index) => {
    const again = readings.get(index);
    if (again?.length !== 1 || again[0].confidence < word.confidence + minGain) return word;
    if (!isEnglishWord(again[0].text, speller)) return word;
    changed = true;
    return { ...word, text: withColonKept(word.text, again[0].text), confidence: again[0].confidence };
  });
  if (!changed) return layout;
  return withWordsReplaced(layout, words);
}
