import type { PDFFont, PDFTextField } from "pdf-lib";

// A field with a fixed font size (DA "… 10 Tf") keeps it when the value fits, and gets the largest
// size that fits otherwise; a field with auto size (0 Tf) is sized by pdf-lib's layout already.

const minFontSize = 4;
const padding = 2;

function daFontSize(field: PDFTextField): number | undefined {
  const match = field.acroField.getDefaultAppearance()?.match(/(\d+(?:\.\d+)?)\s+Tf/);
  return match ? Number(match[1]) : undefined;
}

function wrappedLineCount(text: string, font: PDFFont, size: number, width: number): number {
  let lines = 0;
  for (const paragraph of text.split("\n")) {
    let current = "";
    lines += 1;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(candidate, size) > width) {
        lines += 1;
        current = word;
      } else {
        current = candidate;
      }
    }
  }
  return lines;
}

/**
 * pdf-lib centres a single line's ascent in the field and lets the descent hang below it, so the
 * descent must fit under the centred ascent: (ascent + 2 × descent) × size within the field. Fonts
 * with tall line metrics (the CJK fonts: ascent 1.16 em) otherwise lose their descenders and sit
 * on the border.
 */
function singleLineHeightFits(font: PDFFont, size: number, fieldHeight: number): boolean {
  const ascent = font.heightAtSize(size, { descender: false });
  const descent = font.heightAtSize(size) - ascent;
  return ascent + 2 * descent <= fieldHeight - padding * 2;
}

/** Lowers the field's font size until the text fits every widget; returns the size set, if changed. */
export function fitFontSize(field: PDFTextField, font: PDFFont, text: string): number | undefined {
  const size = daFontSize(field);
  if (!size || field.isCombed()) return undefined;
  const rects = field.acroField.getWidgets().map((widget) => widget.getRectangle());
  const fits = (candidate: number) =>
    rects.every((rect) => {
      const width = rect.width - padding * 2;
      if (!field.isMultiline())
        return font.widthOfTextAtSize(text, candidate) <= width && singleLineHeightFits(font, candidate, rect.height);
      return (
        wrappedLineCount(text, font, candidate, width) * font.heightAtSize(candidate) * 1.15 <=
        rect.height - padding * 2
      );
    });
  if (fits(size)) return undefined;
  let candidate = size;
  while (candidate > minFontSize && !fits(candidate))
    candidate = Math.max(minFontSize, Math.round((candidate - 0.5) * 10) / 10);
  field.setFontSize(candidate);
  return candidate;
}
