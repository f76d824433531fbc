import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, it } from "vitest";
import { layoutFromTsv } from "@/lib/ocr/tesseract-tsv-layout";
import { greyToPgm, normalizeImageToGrey } from "@/lib/ocr/normalize-image";
import { recognizeTsvWithPool, terminateOcrPool, warmOcrPool } from "@/lib/ocr/tesseract-pool";
import { characterErrorRate, textSvg } from "@/lib/documents/testing/render-text-image";
import { cpuMs } from "./figures";

afterAll(terminateOcrPool);
const lorem = "The quick brown fox jumps over the lazy dog while invoice 4821 totals 1,234.50 EUR on 14 March 2025.";
const scales = (process.env.SCALES ?? "1,0.8,0.65,0.5").split(",").map(Number);
const variants: Record<string, Record<string, string>> = { base: {}, noinvert: { tessedit_do_invert: "0" } };

function wordBag(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const raw of text.split(/\s+/)) {
    const word = raw.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    if (word) bag.set(word, (bag.get(word) ?? 0) + 1);
  }
  return bag;
}

it("scale probe", async () => {
  await warmOcrPool();
  const pages: Array<{ name: string; png: Buffer; density?: number; score: (text: string) => string }> = [];
  for (const [name, fontSize] of [["9pt", 38], ["8pt", 33], ["12pt", 50]] as const) {
    const lines = Array.from({ length: 30 }, (_, line) => `${line + 1}. ${lorem}`);
    const png = await sharp(textSvg(lines, { width: 2550, fontSize, margin: 150 })).resize(2550, 3300, { fit: "contain", position: "top", background: "#fff" }).flatten({ background: "#fff" }).greyscale().png().toBuffer();
    pages.push({ name, png, density: 300, score: (text) => `CER ${(characterErrorRate(lines.join("\n"), text) * 100).toFixed(2)}%` });
  }
  const funsd = "/work/shared/corpus/01_forms_kv/funsd";
  for (const form of readdirSync(path.join(funsd, "images")).sort().slice(0, Number(process.env.FORMS ?? 4))) {
    const annotation = JSON.parse(readFileSync(path.join(funsd, "annotations", form.replace(/\.png$/, ".json")), "utf8")) as { form: Array<{ words: Array<{ text: string }> }> };
    const annotated = wordBag(annotation.form.flatMap((e) => e.words.map((w) => w.text)).join(" "));
    const total = [...annotated.values()].reduce((a, b) => a + b, 0);
    pages.push({ name: form, png: readFileSync(path.join(funsd, "images", form)), score: (text) => {
      const found = wordBag(text); let n = 0; for (const [w, t] of annotated) n += Math.min(t, found.get(w) ?? 0);
      return `found ${n}/${total}`;
    } });
  }
  for (const page of pages) {
    const grey = await normalizeImageToGrey(page.png, { density: page.density, targetDpi: 300, maxLongSide: 3600, deskew: true });
    for (const [variant, params] of Object.entries(variants)) {
      for (const scale of scales) {
        if (variant !== "base" && scale !== 1) continue;
        const width = Math.round(grey.width * scale), height = Math.round(grey.height * scale);
        const img = scale === 1 ? grey : { width, height, grey: (await sharp(grey.grey, { raw: { width: grey.width, height: grey.height, channels: 1 } }).resize(width, height, { kernel: "lanczos3" }).extractChannel(0).raw().toBuffer()) };
        const cpu = cpuMs();
        const tsv = await recognizeTsvWithPool({ image: greyToPgm(img), params });
        const used = cpuMs() - cpu;
        console.log(`${page.name.padEnd(22)} ${variant.padEnd(9)} scale ${scale.toFixed(2)} ${width}x${height} CPU ${used.toFixed(0).padStart(5)} ms  ${page.score(layoutFromTsv(tsv, width, height).text)}`);
      }
    }
  }
});
