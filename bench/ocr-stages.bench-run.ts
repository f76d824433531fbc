import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, it } from "vitest";
import { resolveModel } from "@/lib/models";
import { findRulingLines } from "@/lib/ocr/detect-ruling-lines";
import { greyToPgm, normalizeImageToGrey } from "@/lib/ocr/normalize-image";
import { imageForRecognition } from "@/lib/ocr/recognition-scale";
import { layoutFromTsv } from "@/lib/ocr/tesseract-tsv-layout";
import { recognizeTsvWithPool, terminateOcrPool, warmOcrPool } from "@/lib/ocr/tesseract-pool";
import { characterErrorRate, proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import { cpuMs } from "./figures";
import { wordsFound } from "./word-bags";

// The OCR path of one scanned 300-DPI page with docsvc-OCR-v1 (normalise + skew estimate, ruling
// lines out, recognition of a PGM, TSV layout), A/B: "full" recognises at the normalised
// resolution, "adaptive" first shrinks pages whose text is larger than the model needs and enlarges
// those whose text is too small (lib/ocr/recognition-scale.ts). The FUNSD forms are read with no
// resolution given, so normalisation leaves their ~100-DPI text as it is and only the adaptive
// scale enlarges it. BENCH_OCR_MODEL picks another model (its grey pass only);
// BENCH_OCR_PART=funsd measures the FUNSD forms alone. The two alternate round by round and page by page so both see
// the same machine load; CPU time (process.cpuUsage, all threads, so the WASM workers count) is
// the figure to compare on a shared machine, wall time is printed beside it.
// Run: npx vitest run --config bench/vitest.config.ts bench/ocr-stages.bench-run.ts
//      BENCH_OCR_PART=funsd BENCH_OCR_MODEL=docsvc-OCR-XL-v1 npx vitest run --config bench/vitest.config.ts bench/ocr-stages.bench-run.ts

afterAll(terminateOcrPool);

const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const model = resolveModel(process.env.BENCH_OCR_MODEL ?? "docsvc-OCR-v1", { kind: "ocr" });
const funsdOnly = process.env.BENCH_OCR_PART === "funsd";
const lorem = "The quick brown fox jumps over the lazy dog while invoice 4821 totals 1,234.50 EUR on 14 March 2025.";
const funsd = path.resolve(process.cwd(), "../shared/corpus/01_forms_kv/funsd");

type Mode = "full" | "adaptive";

async function a4Page(lines: string[], fontSize: number): Promise<Buffer> {
  return sharp(textSvg(lines, { width: 2550, fontSize, margin: 150 }))
    .resize(2550, 3300, { fit: "contain", position: "top", background: "#fff" })
    .flatten({ background: "#fff" })
    .greyscale()
    .png()
    .toBuffer();
}

/** Varied prose filling an A4 page at `points` (at 300 DPI). */
async function prosePage(points: number): Promise<{ png: Buffer; expected: string }> {
  const fontSize = Math.round((points * 300) / 72);
  const lines = proseLines(
    Math.min(40, Math.floor(3000 / (fontSize * 1.6)) - 1),
    Math.floor(2250 / (fontSize * 0.56)),
    points,
  );
  return { png: await a4Page(lines, fontSize), expected: lines.join("\n") };
}

/** The path of recognizeImage for a one-pass model, with the recognition scale switchable. */
async function readPage(png: Buffer, mode: Mode, density?: number): Promise<{ text: string; scale: number }> {
  const normalized = await normalizeImageToGrey(png, {
    density,
    targetDpi: model.ocr!.targetDpi,
    maxLongSide: model.ocr!.maxLongSide,
    deskew: true,
  });
  const { withoutLines } = findRulingLines({
    data: normalized.grey,
    width: normalized.width,
    height: normalized.height,
  });
  const page = { ...normalized, grey: withoutLines };
  const readable = mode === "adaptive" ? await imageForRecognition(page, model) : { ...page, scale: 1 };
  const tsv = await recognizeTsvWithPool({ image: greyToPgm(readable) });
  return { text: layoutFromTsv(tsv, readable.width, readable.height).text, scale: readable.scale };
}

it("OCR of scanned 300-DPI pages, full resolution vs adaptive recognition scale", async () => {
  const pages: Array<{ name: string; png: Buffer; expected: string; density?: number; corpus?: boolean }> = funsdOnly
    ? []
    : [
        {
          name: "9 pt, one sentence repeated",
          png: await a4Page(
            Array.from({ length: 30 }, (_, line) => `${line + 1}. ${lorem}`),
            38,
          ),
          expected: Array.from({ length: 30 }, (_, line) => `${line + 1}. ${lorem}`).join("\n"),
        },
        ...(await Promise.all(
          [8, 10, 12, 16].map(async (points) => ({ name: `${points} pt prose`, ...(await prosePage(points)) })),
        )),
      ];
  if (existsSync(funsd)) {
    for (const form of readdirSync(path.join(funsd, "images"))
      .filter((name) => name.endsWith(".png"))
      .sort()) {
      const annotation = JSON.parse(
        readFileSync(path.join(funsd, "annotations", form.replace(/\.png$/, ".json")), "utf8"),
      ) as { form: Array<{ words: Array<{ text: string }> }> };
      pages.push({
        name: `FUNSD ${form}`,
        png: readFileSync(path.join(funsd, "images", form)),
        expected: annotation.form.flatMap((entity) => entity.words.map((word) => word.text)).join(" "),
        corpus: true,
      });
    }
  } else console.log(`${funsd} absent: the FUNSD forms are skipped.`);
  await warmOcrPool();

  const cpu = new Map<string, number[]>();
  const totals = {
    full: { cpu: 0, corpusCpu: 0, found: 0, words: 0 },
    adaptive: { cpu: 0, corpusCpu: 0, found: 0, words: 0 },
  };
  for (const page of pages) {
    const cells: string[] = [];
    for (let round = 0; round < (page.corpus ? 1 : rounds); round++) {
      for (const mode of (round % 2 === 0 ? ["full", "adaptive"] : ["adaptive", "full"]) as Mode[]) {
        const started = cpuMs();
        const result = await readPage(page.png, mode, page.corpus ? undefined : 300);
        const used = cpuMs() - started;
        cpu.set(`${page.name} ${mode}`, [...(cpu.get(`${page.name} ${mode}`) ?? []), used]);
        if (round > 0) continue;
        const { found, words } = wordsFound(page.expected, result.text);
        if (page.corpus)
          Object.assign(totals[mode], { found: totals[mode].found + found, words: totals[mode].words + words });
        const accuracy = page.corpus
          ? `${found}/${words} words found`
          : `CER ${(characterErrorRate(page.expected, result.text) * 100).toFixed(2)}%, ${found}/${words} words`;
        cells.push(`${mode} scale ${result.scale.toFixed(2)} ${accuracy}`);
      }
    }
    const mean = (mode: Mode) => {
      const values = cpu.get(`${page.name} ${mode}`)!;
      return values.reduce((a, b) => a + b, 0) / values.length;
    };
    (["full", "adaptive"] as Mode[]).forEach((mode) =>
      page.corpus ? (totals[mode].corpusCpu += mean(mode)) : (totals[mode].cpu += mean(mode)),
    );
    console.log(
      `${page.name.padEnd(28)} CPU full ${mean("full").toFixed(0).padStart(5)} ms, adaptive ${mean("adaptive").toFixed(0).padStart(5)} ms | ${cells.join(" | ")}`,
    );
  }
  const generated = pages.filter((page) => !page.corpus).length;
  const forms = pages.length - generated;
  if (forms)
    console.log(
      `\nmean CPU per FUNSD form: full ${(totals.full.corpusCpu / forms).toFixed(0)} ms, adaptive ${(totals.adaptive.corpusCpu / forms).toFixed(0)} ms`,
    );
  if (totals.full.words)
    console.log(
      `FUNSD words found: full ${((totals.full.found / totals.full.words) * 100).toFixed(1)}%, adaptive ${((totals.adaptive.found / totals.adaptive.words) * 100).toFixed(1)}%`,
    );
  if (funsdOnly) return;
  console.log(
    `\nmean CPU per generated page: full ${(totals.full.cpu / generated).toFixed(0)} ms, adaptive ${(totals.adaptive.cpu / generated).toFixed(0)} ms`,
  );

  // Both cores busy: the pool holds one worker per core, so two pages in flight should use both.
  for (const { name, png } of [pages[0], pages[2]]) {
    for (const mode of ["full", "adaptive"] as Mode[]) {
      const started = performance.now();
      const cpuStart = cpuMs();
      await Promise.all([readPage(png, mode, 300), readPage(png, mode, 300)]);
      const wall = performance.now() - started;
      const used = cpuMs() - cpuStart;
      console.log(
        `2 pages at once (${name}, ${mode}): ${(wall / 2).toFixed(0)} ms/page wall, ${(used / 2).toFixed(0)} ms/page CPU, ${(used / wall).toFixed(2)} cores busy`,
      );
    }
  }
});
