import sharp from "sharp";
import { PSM } from "tesseract.js";
import { getConfig } from "@/lib/config";
import { pingRemoteOcr } from "./remote-ocr";
import { currentOcrEngine, type OcrEngine } from "./ocr-engine";
import { recognizeTsvWithPool } from "./tesseract-pool";
import { layoutFromTsv } from "./tesseract-tsv-layout";

export interface OcrHealth {
  ok: boolean;
  latencyMs: number;
  engine: OcrEngine;
  error?: string;
}

const probeWord = "HEALTH";
let probeImage: Promise<Buffer> | undefined;

function renderProbe(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="80"><rect width="100%" height="100%" fill="#fff"/><text x="20" y="56" font-family="DejaVu Sans, sans-serif" font-size="44" fill="#000">${probeWord}</text></svg>`;
  return sharp(Buffer.from(svg)).greyscale().png().toBuffer();
}

/**
 * A real check: the local engine (native or embedded, whichever reads pages) must read a rendered word; a remote engine must
 * answer its health endpoint. Never throws.
 */
export async function checkOcrEngine(options: { now?: () => number } = {}): Promise<OcrHealth> {
  const now = options.now ?? (() => performance.now());
  const engine = currentOcrEngine();
  const started = now();
  const elapsed = () => Math.round(now() - started);
  try {
    const url = getConfig().OCR_SERVICE_URL;
    if (url) {
      await pingRemoteOcr(url);
      return { ok: true, latencyMs: elapsed(), engine };
    }
    probeImage ??= renderProbe();
    const image = await probeImage;
    const { width = 0, height = 0 } = await sharp(image).metadata();
    const layout = layoutFromTsv(
      await recognizeTsvWithPool({ image, params: { tessedit_pageseg_mode: PSM.SINGLE_LINE } }),
      width,
      height,
    );
    const read = layout.text.replace(/\s+/g, "").toUpperCase();
    if (read !== probeWord) {
      return { ok: false, latencyMs: elapsed(), engine, error: `OCR read "${read}" instead of "${probeWord}"` };
    }
    return { ok: true, latencyMs: elapsed(), engine };
  } catch (error) {
    return { ok: false, latencyMs: elapsed(), engine, error: error instanceof Error ? error.message : String(error) };
  }
}
