import { radians, setCharacterSqueeze, type PDFPage } from "pdf-lib";
import type { FillFonts } from "@/lib/fill/pdf/unicode-font";
import type { ExportPage } from "../export-types";
import { squeezeFor, textLayerRuns } from "./word-placements";

/**
 * Draws a page's text layer (textLayerRuns: words over their boxes, spaces over the gaps) with
 * pdf-lib, each run squeezed or stretched (Tz) to its length, invisible (opacity 0) over a page
 * image, so readers search, select and copy it; without an image (office pages) drawn visibly. Used
 * when the export also copies digital PDF pages, which takes pdf-lib; otherwise
 * text-layer-operators.ts writes the same layer into the streamed PDF.
 */
export async function drawTextLayer(
  pdfPage: PDFPage,
  page: ExportPage,
  fonts: FillFonts,
  options: { invisible: boolean },
): Promise<void> {
  const { width, height } = pdfPage.getSize();
  for (const run of textLayerRuns(page, width, height)) {
    const { font } = await fonts.fontFor(run.text);
    pdfPage.pushOperators(setCharacterSqueeze(squeezeFor(run.width, font.widthOfTextAtSize(run.text, run.size))));
    pdfPage.drawText(run.text, {
      x: run.x,
      y: run.y,
      size: run.size,
      font,
      rotate: radians(run.rotation),
      opacity: options.invisible ? 0 : 1,
    });
  }
  pdfPage.pushOperators(setCharacterSqueeze(100));
}
