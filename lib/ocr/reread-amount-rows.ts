import { PSM } from "tesseract.js";
import { assembleLayout, type AssembledLayout } from "@/lib/pages/layout";
import type { Box, Word } from "@/lib/pages/types";
import { totalLabelKind } from "@/lib/text/total-labels";
import type { OcrRecogniser } from "@/lib/models";
import { greyToPgm, type NormalizedGreyImage } from "./normalize-image";
import { recognizeTsvWithPool } from "./tesseract-pool";
import { layoutFromTsv } from "./tesseract-tsv-layout";

// tesseract's page layout analysis sometimes drops a receipt's amount column (large or bold digits
// far right of their labels), leaving "TOTAL:" or "CASH :" with nothing beside it. Such a label with
// an empty row to its right is read again as a single line of that row, and the amounts it holds
// join the label's line.

type GreyPage = Pick<NormalizedGreyImage, "grey" | "width" | "height">;

/** White border around a re-read row: tesseract finds no text touching the edge. */
const padding = 16;
/** A row re-read per money label, a handful per page at most (a receipt's foot). */
const maxRows = 8;
/** An amount with cents, a currency or tax code possibly glued on: "9.50", "RM93.00", "1,234.50SR". */
const amountWord = /^[A-Z]{0,3}[$€£]?\d{1,3}(?:[.,]?\d{3})*[.,]\d{2}[A-Z]{0,2}$/;
const hasAmount = /\d[.,] ?\d{2}\b/;
/** A label is a few words ("TOTAL AMOUNT PAYABLE (INCL. GST) :"); a sentence that mentions a total is prose. */
const maxLabelWords = 8;
const maxLabelCharacters = 48;

/** Lines that are a money label alone ("TOTAL:", "Total (Inclusive of GST):") with nothing read to their right. */
function emptyAmountRows(layout: AssembledLayout): Array<{ line: number; box: Box }> {
  const rows: Array<{ line: number; box: Box }> = [];
  layout.lines.forEach((line, index) => {
    if (line.wordCount > maxLabelWords || line.text.length > maxLabelCharacters) return;
    if (hasAmount.test(line.text) || !totalLabelKind(line.text)) return;
    const right = line.box.x + line.box.width;
    const middle = line.box.y + line.box.height / 2;
    const besides = layout.words.some(
      (word) => word.box.x >= right && word.box.y <= middle && word.box.y + word.box.height >= middle,
    );
    if (!besides && right < 0.8) rows.push({ line: index, box: line.box });
  });
  return rows.slice(0, maxRows);
}

/** The row from the label's right edge to the page's, in a white frame. */
function rowCrop(box: Box, page: GreyPage): { crop: GreyPage; left: number; top: number } {
  const left = Math.min(page.width - 1, Math.ceil((box.x + box.width) * page.width));
  const top = Math.max(0, Math.floor((box.y - box.height * 0.4) * page.height));
  const bottom = Math.min(page.height, Math.ceil((box.y + box.height * 1.4) * page.height));
  const [width, height] = [page.width - left, bottom - top];
  const grey = Buffer.alloc((width + padding * 2) * (height + padding * 2), 255);
  for (let row = 0; row < height; row++) {
    const from = (top + row) * page.width + left;
    page.grey.copy(grey, (row + padding) * (width + padding * 2) + padding, from, from + width);
  }
  return { crop: { grey, width: width + padding * 2, height: height + padding * 2 }, left, top };
}

async function amountsBeside(box: Box, page: GreyPage, recogniser: OcrRecogniser): Promise<Word[]> {
  const { crop, left, top } = rowCrop(box, page);
  const tsv = await recognizeTsvWithPool({
    image: greyToPgm(crop),
    params: { tessedit_pageseg_mode: PSM.SINGLE_LINE },
    recogniser,
  });
  return layoutFromTsv(tsv, crop.width, crop.height)
    .words.map((word) => ({ ...word, text: word.text.replace(/^[(:;|]+|[):;|]+$/g, "") }))
    .filter((word) => amountWord.test(word.text))
    .map((word) => ({
      ...word,
      box: {
        x: (left - padding + word.box.x * crop.width) / page.width,
        y: (top - padding + word.box.y * crop.height) / page.height,
        width: (word.box.width * crop.width) / page.width,
        height: (word.box.height * crop.height) / page.height,
      },
    }));
}

/** The layout with the amounts found beside its lone money labels added to their lines. */
export async function rereadAmountRows(
  layout: AssembledLayout,
  page: GreyPage,
  recogniser: OcrRecogniser,
): Promise<AssembledLayout> {
  const rows = emptyAmountRows(layout);
  if (rows.length === 0) return layout;
  const found = new Map<number, Word[]>();
  for (const row of rows) {
    const amounts = await amountsBeside(row.box, page, recogniser);
    if (amounts.length > 0) found.set(row.line, amounts);
  }
  if (found.size === 0) return layout;
  const blocks = layout.blocks.map((block) =>
    layout.lines
      .slice(block.firstLine, block.firstLine + block.lineCount)
      .map((line, offset) => [
        ...layout.words.slice(line.firstWord, line.firstWord + line.wordCount),
        ...(found.get(block.firstLine + offset) ?? []),
      ]),
  );
  return assembleLayout(blocks);
}
