import { existsSync } from "node:fs";
import sharp from "sharp";
import { createWorker, OEM, PSM } from "tesseract.js";
import { afterAll, it } from "vitest";
import { layoutFromTesseract } from "@/lib/ocr/tesseract-layout";
import { layoutFromTsv } from "@/lib/ocr/tesseract-tsv-layout";
import { greyToPgm, normalizeImageForOcr, normalizeImageToGrey } from "@/lib/ocr/normalize-image";
import { recognizeImage } from "@/lib/ocr/recognize-image";
import { recognizeTsvWithPool, recognizeWithPool, terminateOcrPool, warmOcrPool } from "@/lib/ocr/tesseract-pool";
import { loadPdfjs, openPdf } from "@/lib/documents/pdf/load-pdf";
import { renderPdfPage, renderPdfPagePixels } from "@/lib/documents/pdf/render-pdf-page";
import { makeImagePdf } from "@/lib/documents/testing/make-pdfs";
import { characterErrorRate, textSvg } from "@/lib/documents/testing/render-text-image";

// Where the time of one scanned 300-DPI page goes, stage by stage, for the previous OCR path
// (PNG in, tesseract's rotateAuto, the `blocks` dump) and the current one (raw greyscale as PGM, a
// projection-profile skew estimate, the TSV output), alternated round by round so both see the
// same machine load. CPU time (process.cpuUsage, all threads) is reported beside wall time because
// it is far less sensitive to other work on a shared machine.
// Run: npx vitest run --config bench/vitest.config.ts bench/ocr-stages.bench-run.ts

afterAll(terminateOcrPool);

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const lorem = "The quick brown fox jumps over the lazy dog while invoice 4821 totals 1,234.50 EUR on 14 March 2025.";
const debianFastData = "/usr/share/tesseract-ocr/5/tessdata";

type Sample = { wall: number; cpu: number };
const samples = new Map<string, Sample[]>();

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

async function timed<T>(label: string, task: () => Promise<T> | T): Promise<T> {
  const wall = performance.now();
  const cpu = cpuMs();
  const result = await task();
  samples.set(label, [...(samples.get(label) ?? []), { wall: performance.now() - wall, cpu: cpuMs() - cpu }]);
  return result;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

it("OCR stages of one 300-DPI page", async () => {
  const lines = Array.from({ length: 30 }, (_, line) => `${line + 1}. ${lorem}`);
  const expected = lines.join("\n");
  const pagePng = await sharp(textSvg(lines, { width: 2550, fontSize: 38, margin: 150 }))
    .resize(2550, 3300, { fit: "contain", position: "top", background: "#fff" })
    .flatten({ background: "#fff" })
    .greyscale()
    .png()
    .toBuffer();
  const pdf = await openPdf(await makeImagePdf([pagePng]));
  await loadPdfjs();
  await warmOcrPool();
  const cer: Record<string, number> = {};
  try {
    for (let round = 0; round < rounds; round++) {
      const page = await pdf.getPage(1);
      const rendered = await timed("before: render PDF page at 300 DPI to PNG", () => renderPdfPage(page, 300));
      const pixels = await timed("after: render PDF page at 300 DPI to pixels", () => renderPdfPagePixels(page, 300));
      page.cleanup();

      const before = await timed("before: normalise to PNG", () => normalizeImageForOcr(rendered.png, { density: 300, targetDpi: 300, maxLongSide: 3600 }));
      const blocks = await timed("before: recognise (rotateAuto, blocks)", () => recognizeWithPool({ image: before.png, rotateAuto: true }));
      const beforeLayout = await timed("before: layout from blocks", () => layoutFromTesseract(blocks, before.width, before.height));
      cer.before = characterErrorRate(expected, beforeLayout.text);

      const grey = await timed("after: normalise to grey + skew estimate", () => normalizeImageToGrey(pixels.rgba, { decode: { raw: { width: pixels.width, height: pixels.height, channels: 4 } }, density: 300, targetDpi: 300, maxLongSide: 3600, deskew: true }));
      const tsv = await timed("after: recognise (PGM, TSV)", () => recognizeTsvWithPool({ image: greyToPgm(grey) }));
      const afterLayout = await timed("after: layout from TSV", () => layoutFromTsv(tsv, grey.width, grey.height));
      cer.after = characterErrorRate(expected, afterLayout.text);
    }

    // Two cores: the pool holds one worker per core, so pages in flight should use both.
    const parallelPages = 4;
    const started = performance.now();
    const cpuStart = cpuMs();
    await Promise.all(Array.from({ length: parallelPages }, () => recognizeImage(pagePng, { density: 300 })));
    const wall = performance.now() - started;
    const cpu = cpuMs() - cpuStart;
    console.log(
      `recognizeImage, ${parallelPages} pages at once on the pool: ${(wall / parallelPages).toFixed(0)} ms/page wall, ` +
        `${(cpu / parallelPages).toFixed(0)} ms/page CPU, ${(cpu / wall).toFixed(2)} cores busy on average`,
    );

    if (existsSync(`${debianFastData}/eng.traineddata`)) {
      // tessdata_fast as Debian ships it (tesseract-ocr-eng), for comparison only: it is not on npm.
      const worker = await createWorker("eng", OEM.LSTM_ONLY, { langPath: debianFastData, cacheMethod: "none", gzip: false });
      try {
        await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
        const grey = await normalizeImageToGrey(pagePng, { density: 300, targetDpi: 300, maxLongSide: 3600, deskew: true });
        for (let round = 0; round < rounds; round++) {
          const result = await timed("fast data (Debian): recognise (PGM, TSV)", () => worker.recognize(greyToPgm(grey), {}, { text: false, tsv: true }));
          cer.fast = characterErrorRate(expected, layoutFromTsv(result.data.tsv ?? "", grey.width, grey.height).text);
        }
      } finally {
        await worker.terminate();
      }
    } else console.log(`No tessdata_fast at ${debianFastData}: the fast-data comparison is skipped.`);
  } finally {
    await pdf.loadingTask.destroy();
  }

  console.log(`\nmedian of ${rounds} rounds, one page at a time:`);
  for (const [label, values] of samples) {
    console.log(`${label.padEnd(46)} wall ${median(values.map((value) => value.wall)).toFixed(0).padStart(6)} ms   CPU ${median(values.map((value) => value.cpu)).toFixed(0).padStart(6)} ms`);
  }
  const total = (prefix: string) => [...samples].filter(([label]) => label.startsWith(prefix)).reduce((sum, [, values]) => sum + median(values.map((value) => value.cpu)), 0);
  console.log(`CPU per page: before ${total("before").toFixed(0)} ms, after ${total("after").toFixed(0)} ms (${((1 - total("after") / total("before")) * 100).toFixed(0)}% less)`);
  console.log(`CER on the page: ${Object.entries(cer).map(([label, value]) => `${label} ${(value * 100).toFixed(2)}%`).join(", ")}`);
});
