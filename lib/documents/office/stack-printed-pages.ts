import sharp from "sharp";
import type { Block, Box, Line, Page, Word } from "@/lib/pages/types";

// LibreOffice may print an office file on more pages than the native reading counted (a long or wide
// sheet across several sheets of paper, a document laid out differently). The count is what uploads
// were limited and charged by, so the printed pages are put together instead: each native page takes
// the run of printed pages that holds its text, stacked top to bottom into one page image, with every
// box carried into the stacked image. Boxes and image still come from the same PDF.

/** Printed pages stacked into one page at most; more stays a text view (an image too tall to be useful). */
export const MAX_STACKED_PAGES = 12;

const tokens = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** Share of a printed page's words found in a native page. */
function overlap(printed: Set<string>, native: Set<string>): number {
  if (printed.size === 0) return 0;
  let shared = 0;
  for (const token of printed) if (native.has(token)) shared++;
  return shared / printed.size;
}

/**
 * For each printed page, the native page it belongs to: runs in order, every native page taking at
 * least one printed page, chosen to keep the most words on their own page (dynamic programming over
 * monotone assignments). Null when there are fewer printed pages than native ones.
 */
export function assignPrintedPages(printed: string[], native: string[]): number[] | null {
  const [p, n] = [printed.length, native.length];
  if (p < n || n === 0) return null;
  const printedTokens = printed.map(tokens);
  const nativeTokens = native.map(tokens);
  const score = (i: number, j: number) => overlap(printedTokens[i], nativeTokens[j]);
  // best[i][j]: best total for printed pages 0..i with page i on native page j.
  const best = Array.from({ length: p }, () => new Array<number>(n).fill(Number.NEGATIVE_INFINITY));
  const from = Array.from({ length: p }, () => new Array<number>(n).fill(-1));
  best[0][0] = score(0, 0);
  for (let i = 1; i < p; i++) {
    for (let j = 0; j < n; j++) {
      // Page i stays on native page j, or starts native page j (the previous printed page on j - 1).
      const stay = best[i - 1][j];
      const advance = j > 0 ? best[i - 1][j - 1] : Number.NEGATIVE_INFINITY;
      const previous = stay >= advance ? j : j - 1;
      const total = Math.max(stay, advance);
      if (total === Number.NEGATIVE_INFINITY) continue;
      best[i][j] = total + score(i, j);
      from[i][j] = previous;
    }
  }
  if (best[p - 1][n - 1] === Number.NEGATIVE_INFINITY) return null;
  const assignment = new Array<number>(p);
  for (let i = p - 1, j = n - 1; i >= 0; i--) {
    assignment[i] = j;
    j = from[i][j];
  }
  return assignment;
}

/** One page made of printed pages one below the other: the images stacked, every box carried along. */
export async function stackPages(pages: Page[], pageNumber: number): Promise<Page> {
  if (pages.length === 1) return { ...pages[0], pageNumber };
  const sizes = await Promise.all(
    pages.map(async (page) => {
      const meta = page.image ? await sharp(page.image).metadata() : undefined;
      return { width: meta?.width ?? page.width, height: meta?.height ?? page.height };
    }),
  );
  const canvasWidth = Math.max(...sizes.map((size) => size.width));
  const canvasHeight = sizes.reduce((sum, size) => sum + size.height, 0);
  const words: Word[] = [];
  const lines: Line[] = [];
  const blocks: Block[] = [];
  let top = 0;
  pages.forEach((page, index) => {
    const size = sizes[index];
    const place = (box: Box): Box => ({
      x: (box.x * size.width) / canvasWidth,
      y: (top + box.y * size.height) / canvasHeight,
      width: (box.width * size.width) / canvasWidth,
      height: (box.height * size.height) / canvasHeight,
    });
    const [wordOffset, lineOffset] = [words.length, lines.length];
    words.push(...page.words.map((word) => ({ ...word, box: place(word.box) })));
    lines.push(
      ...page.lines.map((line) => ({ ...line, box: place(line.box), firstWord: line.firstWord + wordOffset })),
    );
    blocks.push(
      ...page.blocks.map((block) => ({ ...block, box: place(block.box), firstLine: block.firstLine + lineOffset })),
    );
    top += size.height;
  });
  const image = pages.every((page) => page.image)
    ? await sharp({ create: { width: canvasWidth, height: canvasHeight, channels: 3, background: "#ffffff" } })
        .composite(
          pages.map((page, index) => ({
            input: page.image!,
            left: 0,
            top: sizes.slice(0, index).reduce((sum, size) => sum + size.height, 0),
          })),
        )
        .png()
        .toBuffer()
    : undefined;
  // The page's size in points keeps the first printed page's scale.
  const scale = pages[0].width / sizes[0].width;
  return {
    pageNumber,
    text: pages.map((page) => page.text).join("\n\n"),
    width: canvasWidth * scale,
    height: canvasHeight * scale,
    unit: pages[0].unit,
    words,
    lines,
    blocks,
    source: pages[0].source,
    confidence: pages.reduce((sum, page) => sum + page.confidence, 0) / pages.length,
    ...(image ? { image } : {}),
  };
}
