import { createWorker } from "tesseract.js";
import sharp from "sharp";
import path from "node:path";
const langPath = path.resolve("node_modules/@tesseract.js-data/eng/4.0.0_best_int");
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="3508"><rect width="100%" height="100%" fill="white"/>${Array.from({length:60},(_,i)=>`<text x="100" y="${120+i*55}" font-size="40" font-family="DejaVu Sans">Line ${i} of the measured page with some prose words in it</text>`).join("")}</svg>`;
const png = await sharp(Buffer.from(svg)).png().toBuffer();
const mb = () => Math.round(process.memoryUsage().rss / 1048576);
const base = mb();
const workers = [];
for (let i = 1; i <= 2; i++) {
  const w = await createWorker("eng", 1, { langPath, gzip: true, cachePath: "/tmp/ocr-mem-cache" });
  workers.push(w);
  await w.recognize(png);
  console.log(`after worker ${i} + one A4 300-DPI page: rss ${mb()} MB (base ${base} MB)`);
}
for (const w of workers) await w.terminate();
