import sharp, { type Sharp } from "sharp";
import { afterAll, it } from "vitest";
import { characterErrorRate, proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import { resolveModel, type ModelVersion } from "@/lib/models";
import { recognizeImage } from "@/lib/ocr/recognize-image";
import { terminateOcrPool, warmOcrPool } from "@/lib/ocr/tesseract-pool";
import { cpuMs } from "./figures";
import { wordsFound } from "./word-bags";

// Does docsvc-OCR-XL-v1 read degraded scans better than docsvc-OCR-v1, where XL promises it
// (low-quality scans down to 75 DPI)? Four letter-size pages of 10–12 pt prose are rendered at
// 300 DPI, then degraded with sharp (lower resolution, noise, fading, JPEG, speckle, rotation) from
// fixed seeds, so every run reads the same pixels. Each page is read by recognizeImage directly
// with the density given explicitly (or none, for the "unknown" rows): through readDocument, the
// density would come from the file's metadata, and the JPEGs sharp writes say 72 DPI unless told.
// The two models alternate page by page so both see the same machine load; CPU time (all threads,
// so the WASM workers and libvips count) is the figure to compare on a shared machine.
// About 3 minutes on 2 cores (XL takes 3–6 times v1's CPU per page).
// Run: npx vitest run --config bench/vitest.config.ts bench/ocr-degraded.bench-run.ts

afterAll(terminateOcrPool);

const sourceDpi = 300;
const pagePoints = [10, 11, 12, 10];
const linesPerPage = 15;
const models = ["docsvc-OCR-v1", "docsvc-OCR-XL-v1"].map((id) => resolveModel(id, { kind: "ocr" }));

/** Raw greyscale pixels, one byte each, row by row. */
interface GreyPixels {
  data: Buffer;
  width: number;
  height: number;
}

interface Degradation {
  name: string;
  dpi: number;
  densityKnown: boolean;
  /** The scan's file bytes, from the clean 300-DPI page. */
  degrade: (page: GreyPixels, random: () => number) => Promise<Buffer>;
}

interface PageScore {
  errorRate: number;
  found: number;
  words: number;
  cpu: number;
}

/** mulberry32: a small seeded generator, so the noise is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal sample (Box–Muller). */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

async function transform(page: GreyPixels, edit: (image: Sharp) => Sharp): Promise<GreyPixels> {
  const { data, info } = await edit(sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } }))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function renderPage(lines: string[], points: number): Promise<GreyPixels> {
  const svg = textSvg(lines, { width: 2550, fontSize: Math.round((points * sourceDpi) / 72), margin: 150 });
  const { data, info } = await sharp(svg)
    .resize(2550, 3300, { fit: "contain", position: "top", background: "#fff" })
    .flatten({ background: "#fff" })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The page as a scanner set to `dpi` would have sampled it. */
function atDpi(page: GreyPixels, dpi: number): Promise<GreyPixels> {
  return transform(page, (image) =>
    image.resize(Math.round((page.width * dpi) / sourceDpi), Math.round((page.height * dpi) / sourceDpi)),
  );
}

function withGaussianNoise(page: GreyPixels, sigma: number, random: () => number): GreyPixels {
  const data = Buffer.from(
    page.data.map((value) => Math.min(255, Math.max(0, Math.round(value + sigma * gaussian(random))))),
  );
  return { ...page, data };
}

/** Salt and pepper: `share` of the pixels turned black or white at random. */
function withSpeckle(page: GreyPixels, share: number, random: () => number): GreyPixels {
  const data = Buffer.from(page.data.map((value) => (random() < share ? (random() < 0.5 ? 0 : 255) : value)));
  return { ...page, data };
}

function rotated(page: GreyPixels, degrees: number): Promise<GreyPixels> {
  return transform(page, (image) => image.rotate(degrees, { background: "#fff" }));
}

function png(page: GreyPixels): Promise<Buffer> {
  return sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .toColourspace("b-w")
    .png()
    .toBuffer();
}

function jpeg(page: GreyPixels, quality: number): Promise<Buffer> {
  return sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .toColourspace("b-w")
    .jpeg({ quality })
    .toBuffer();
}

const degradations: Degradation[] = [
  ...[150, 100, 75].flatMap((dpi) =>
    [true, false].map((densityKnown) => ({
      name: `${dpi} DPI clean, density ${densityKnown ? "known" : "unknown"}`,
      dpi,
      densityKnown,
      degrade: async (page: GreyPixels) => png(await atDpi(page, dpi)),
    })),
  ),
  {
    name: "200 DPI + Gaussian noise σ 25",
    dpi: 200,
    densityKnown: true,
    degrade: async (page, random) => png(withGaussianNoise(await atDpi(page, 200), 25, random)),
  },
  {
    name: "200 DPI faded photocopy (150 on 220, blur)",
    dpi: 200,
    densityKnown: true,
    // Black becomes grey 150 and white grey 220; the blur softens the strokes as a copier's optics do.
    degrade: async (page) =>
      png(await transform(await atDpi(page, 200), (image) => image.linear(70 / 255, 150).blur(0.8))),
  },
  {
    name: "150 DPI JPEG quality 20",
    dpi: 150,
    densityKnown: true,
    degrade: async (page) => jpeg(await atDpi(page, 150), 20),
  },
  {
    name: "200 DPI salt-and-pepper 1.5%",
    dpi: 200,
    densityKnown: true,
    degrade: async (page, random) => png(withSpeckle(await atDpi(page, 200), 0.015, random)),
  },
  {
    name: "150 DPI rotated 2–3° + noise σ 20",
    dpi: 150,
    densityKnown: true,
    degrade: async (page, random) => {
      const degrees = (2 + random()) * (random() < 0.5 ? -1 : 1);
      return png(withGaussianNoise(await atDpi(await rotated(page, degrees), 150), 20, random));
    },
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
// Error rates with two decimals: 0.04% (a character or two a page) should not print as 0.0%.
const percent = (share: number, digits = 1) => `${(share * 100).toFixed(digits)}%`;

function summary(scores: PageScore[]) {
  const errorRates = scores.map((score) => score.errorRate);
  return {
    medianError: median(errorRates),
    meanError: mean(errorRates),
    wordsFound:
      scores.reduce((sum, score) => sum + score.found, 0) / scores.reduce((sum, score) => sum + score.words, 0),
    cpuPerPage: mean(scores.map((score) => score.cpu)),
  };
}

async function readScan(
  bytes: Buffer,
  density: number | undefined,
  expected: string,
  model: ModelVersion,
): Promise<PageScore> {
  const started = cpuMs();
  const { text } = await recognizeImage(bytes, { model, density });
  const cpu = cpuMs() - started;
  return { errorRate: characterErrorRate(expected, text), ...wordsFound(expected, text), cpu };
}

it("OCR of degraded scans, docsvc-OCR-v1 vs docsvc-OCR-XL-v1", async () => {
  const pages = await Promise.all(
    pagePoints.map(async (points, index) => {
      const lines = proseLines(linesPerPage, Math.floor(2250 / (((points * sourceDpi) / 72) * 0.58)), index + 201);
      return { pixels: await renderPage(lines, points), expected: lines.join("\n") };
    }),
  );
  // Worker start-up (WASM and language data) is not part of a page's cost.
  await warmOcrPool("fast");
  await warmOcrPool("best");

  const rows: Array<{ name: string; byModel: Array<ReturnType<typeof summary>> }> = [];
  for (const [degradationIndex, degradation] of degradations.entries()) {
    const scans = await Promise.all(
      pages.map((page, pageIndex) =>
        degradation.degrade(page.pixels, seededRandom(1000 * (degradationIndex + 1) + pageIndex)),
      ),
    );
    const density = degradation.densityKnown ? degradation.dpi : undefined;
    const scores = models.map((): PageScore[] => []);
    for (const [pageIndex, page] of pages.entries()) {
      const order = (degradationIndex + pageIndex) % 2 === 0 ? [0, 1] : [1, 0];
      for (const modelIndex of order)
        scores[modelIndex].push(await readScan(scans[pageIndex], density, page.expected, models[modelIndex]));
    }
    const byModel = scores.map(summary);
    rows.push({ name: degradation.name, byModel });
    byModel.forEach((figures, modelIndex) =>
      console.log(
        `${degradation.name.padEnd(44)} ${models[modelIndex].alias.padEnd(17)} CER median ${percent(figures.medianError, 2).padStart(7)}, mean ${percent(figures.meanError, 2).padStart(7)}  words found ${percent(figures.wordsFound).padStart(6)}  CPU ${figures.cpuPerPage.toFixed(0).padStart(6)} ms/page`,
      ),
    );
  }

  const pair = (values: string[], width: number) => values.map((value) => value.padStart(width)).join(" ");
  console.log(`\n${pages.length} pages per row, each cell v1 | XL`);
  console.log(
    `${"degradation".padEnd(44)} ${"CER median".padStart(15)}  ${"CER mean".padStart(15)}  ${"words found".padStart(15)}  ${"CPU ms/page".padStart(13)}`,
  );
  for (const { name, byModel } of rows) {
    console.log(
      `${name.padEnd(44)} ${pair(
        byModel.map((figures) => percent(figures.medianError, 2)),
        7,
      )}  ${pair(
        byModel.map((figures) => percent(figures.meanError, 2)),
        7,
      )}  ${pair(
        byModel.map((figures) => percent(figures.wordsFound)),
        7,
      )}  ${pair(
        byModel.map((figures) => figures.cpuPerPage.toFixed(0)),
        6,
      )}`,
    );
  }
});
