import { PSM } from "tesseract.js";
import { assembleLayout, groupLinesIntoBlocks, groupWordsIntoLines, type AssembledLayout } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import type { OcrRecogniser } from "@/lib/models";
import { englishSpeller, type Speller } from "./english-speller";
import { insertBlocks } from "./merge-passes";
import { greyToPgm, type NormalizedGreyImage } from "./normalize-image";
import { recognizeTsvWithPool } from "./tesseract-pool";
import { layoutFromTsv } from "./tesseract-tsv-layout";

// On a low-resolution scan tesseract's page layout analysis leaves parts of a form unread: a lone
// label, a value in a box, a column it took for a picture. The page is read once more in
// sparse-text mode, which looks for words wherever there is ink, with every word already read
// painted white, so only what the first reading missed is recognised (the LSTM's cost follows the
// characters it reads). Sparse mode alone finds more words but breaks the lines the key-value rules
// depend on, so the first reading's layout stays and the words found join it as new blocks. What
// sparse mode finds is kept when the engine is sure of it, or fairly sure and the dictionary knows
// the word: a speck or a ruling's remains is rarely read as an English word of four letters.
// Measurements: bench/NOTES.md.

type GreyPage = Pick<NormalizedGreyImage, "grey" | "width" | "height">;

/** A page read from a copy this much larger than the file it came in has letters too small for layout analysis. */
const minEnlargement = 1.2;
/** White painted around each word read, in word heights: the edges of its letters must not be read again as marks. */
const coverMargin = 0.3;
/** Below this confidence the words found in what is left are too often noise: specks, ruling remains, a receipt's smudge... */
const minConfidence = 0.9;
/** ...unless the dictionary knows the word: from this confidence such words added words found on forms, not wrong fields. */
const minDictionaryWordConfidence = 0.6;
/** Letters a dictionary word needs to vouch for its reading ("or" and "we" are also what smudges read as). */
const minDictionaryWordLetters = 4;

/** The page with every word of `words` (boxes normalised to the page) painted white. */
export function withWordsCovered(page: GreyPage, words: Word[]): GreyPage {
  const grey = Buffer.from(page.grey);
  for (const { box } of words) {
    const margin = coverMargin * box.height * page.height;
    const left = Math.max(0, Math.floor(box.x * page.width - margin));
    const right = Math.min(page.width, Math.ceil((box.x + box.width) * page.width + margin));
    const top = Math.max(0, Math.floor(box.y * page.height - margin));
    const bottom = Math.min(page.height, Math.ceil((box.y + box.height) * page.height + margin));
    for (let row = top; row < bottom; row++) grey.fill(255, row * page.width + left, row * page.width + right);
  }
  return { ...page, grey };
}

/** An English word of a few letters, between punctuation, read fairly surely. */
function isDictionaryWord(word: Word, speller: Speller): boolean {
  if (word.confidence < minDictionaryWordConfidence) return false;
  const letters = word.text.match(/^[("'“‘]?(\p{L}+)[)"'”’.,;:!?]?$/u)?.[1];
  return !!letters && letters.length >= minDictionaryWordLetters && speller.correct(letters);
}

/** What is worth adding to a page: confident words with a letter or digit, and dictionary words read fairly surely. */
const isWord = (word: Word, speller: Speller) =>
  (word.confidence >= minConfidence && /[\p{L}\p{N}]/u.test(word.text)) || isDictionaryWord(word, speller);

/** The layout with the words of `found` (a reading of the rest of the page) added as blocks in reading order. */
export function withUncoveredWords(layout: AssembledLayout, found: Word[], speller: Speller): AssembledLayout {
  const added = found.filter((word) => isWord(word, speller));
  if (added.length === 0) return layout;
  const blocks = layout.blocks.map((block) =>
    layout.lines
      .slice(block.firstLine, block.firstLine + block.lineCount)
      .map((line) => layout.words.slice(line.firstWord, line.firstWord + line.wordCount)),
  );
  insertBlocks(blocks, groupLinesIntoBlocks(groupWordsIntoLines(added)));
  return assembleLayout(blocks);
}

/** Whether a page enlarged by `enlargement` from its file's pixels for recognition is a low-resolution scan. */
export const isLowResolution = (enlargement: number) => enlargement >= minEnlargement;

/** The page's reading with the words its layout analysis left out, read from the rest of the page. */
export async function readUncoveredText(
  layout: AssembledLayout,
  page: GreyPage,
  recogniser: OcrRecogniser,
): Promise<AssembledLayout> {
  const rest = withWordsCovered(page, layout.words);
  const tsv = await recognizeTsvWithPool({
    image: greyToPgm(rest),
    recogniser,
    params: { tessedit_pageseg_mode: PSM.SPARSE_TEXT },
  });
  return withUncoveredWords(layout, layoutFromTsv(tsv, page.width, page.height).words, await englishSpeller());
}
