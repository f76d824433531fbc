// Recognises one rendered page on the OCR pool and exits: a child process whose whole output a test
// reads (tesseract's notes come from its worker threads, outside any logger a test could replace).
import { renderTextImage } from "@/lib/documents/testing/render-text-image";
import { recognizeWithPool, terminateOcrPool } from "../tesseract-pool";

/** The PNG without its pHYs chunk: no resolution, so tesseract estimates one and says so. */
function withoutResolution(png: Buffer): Buffer {
  const chunks = [png.subarray(0, 8)];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (png.toString("latin1", offset + 4, offset + 8) !== "pHYs") chunks.push(png.subarray(offset, end));
    offset = end;
  }
  return Buffer.concat(chunks);
}

const page = await renderTextImage(["Café déjà vu, naïve façade", "Total 120.50 EUR"], { fontSize: 18 });
const read = await recognizeWithPool({ image: withoutResolution(page) });
console.log(`recognised: ${read.text.trim().split("\n")[0]}`);
await terminateOcrPool();
