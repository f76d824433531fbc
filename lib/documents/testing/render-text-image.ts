import sharp from "sharp";

// Test fixtures are generated, never copied: known text rendered with the system fonts.

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An SVG with one text line per entry; `fontSize` in pixels. */
export function textSvg(lines: string[], options: { width?: number; fontSize?: number; margin?: number } = {}): Buffer {
  const fontSize = options.fontSize ?? 32;
  const margin = options.margin ?? fontSize;
  const width = options.width ?? Math.max(...lines.map((line) => line.length)) * fontSize * 0.62 + margin * 2;
  const height = lines.length * fontSize * 1.6 + margin * 2;
  const text = lines
    .map(
      (line, index) =>
        `<text x="${margin}" y="${margin + fontSize * (1.1 + index * 1.6)}" font-family="DejaVu Sans" font-size="${fontSize}" fill="#000">${escapeXml(line)}</text>`,
    )
    .join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(width)}" height="${Math.round(height)}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`,
  );
}

/** Known text as a PNG (or any format sharp writes) at a given DPI. */
export async function renderTextImage(
  lines: string[],
  options: {
    fontSize?: number;
    width?: number;
    dpi?: number;
    format?: "png" | "jpeg" | "webp" | "gif" | "tiff" | "avif";
  } = {},
): Promise<Buffer> {
  const image = sharp(textSvg(lines, options))
    .flatten({ background: "#fff" })
    .withMetadata({ density: options.dpi ?? 300 });
  return image.toFormat(options.format ?? "png").toBuffer();
}

/** Raw RGB pixels of rendered text, for encoders written by hand (BMP, PSD). */
export async function renderTextPixels(
  lines: string[],
  fontSize = 32,
): Promise<{ width: number; height: number; pixels: Buffer }> {
  const { data, info } = await sharp(textSvg(lines, { fontSize }))
    .flatten({ background: "#fff" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}

/** Character error rate: Levenshtein distance over the expected length, whitespace-normalised. */
export function characterErrorRate(expected: string, actual: string): number {
  const a = expected.replace(/\s+/g, " ").trim();
  const b = actual.replace(/\s+/g, " ").trim();
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return a.length === 0 ? (b.length === 0 ? 0 : 1) : previous[b.length] / a.length;
}

const proseWords = (
  "the invoice total amount due payment account customer order number date March April shipping " +
  "address street city quantity price tax net gross balance statement period contract party agreement " +
  "section page reference we will deliver goods within thirty days after receipt of your signed copy " +
  "please contact our office for questions regarding this document and keep it for your records"
).split(" ");

/**
 * Varied lines of prose (words, capitals, numbers, punctuation) from a fixed seed, each about
 * `charactersPerLine` long. Unlike one sentence repeated, no words line up from line to line, so
 * the page segmenter sees running text rather than columns.
 */
export function proseLines(count: number, charactersPerLine: number, seed = 1): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: count }, () => {
    const words: string[] = [];
    while (words.join(" ").length < charactersPerLine - 10) {
      const roll = next();
      let word = proseWords[Math.floor(next() * proseWords.length)];
      if (roll < 0.12) word = String(Math.floor(next() * 9000) + 100);
      else if (roll < 0.2) word = word[0].toUpperCase() + word.slice(1);
      else if (roll < 0.26) word += ",";
      else if (roll < 0.29) word = `${(next() * 5000).toFixed(2)}`;
      words.push(word);
    }
    return `${words.join(" ")}.`;
  });
}
