import { getConfig } from "@/lib/config";
import type { AssembledLayout } from "@/lib/documents/layout";
import { resolveModel, type ModelVersion } from "@/lib/models";
import { mergeOcrPasses } from "./merge-passes";
import { normalizeImageForOcr } from "./normalize-image";
import { recognizeRemotely } from "./remote-ocr";
import { layoutFromTesseract } from "./tesseract-layout";
import { recognizeWithPool } from "./tesseract-pool";

export type OcrEngine = "tesseract.js" | "remote";

export interface OcrImageResult extends AssembledLayout {
  engine: OcrEngine;
  /** Size of the image OCR actually read (after upscaling). */
  width: number;
  height: number;
}

export function currentOcrEngine(): OcrEngine {
  return getConfig().OCR_SERVICE_URL ? "remote" : "tesseract.js";
}

/**
 * OCR one page image (any format sharp decodes). `density` is the image's pixels per inch when
 * known. Boxes come back normalised to the image, so they are independent of any upscaling.
 */
export async function recognizeImage(
  image: Buffer,
  options: { model?: ModelVersion; density?: number } = {},
): Promise<OcrImageResult> {
  const model = options.model ?? resolveModel(undefined, { kind: "ocr" });
  const settings = model.ocr ?? resolveModel(undefined, { kind: "ocr" }).ocr!;
  const config = getConfig();
  const passes = await Promise.all(
    settings.passes.map(async (pass) => {
      const normalized = await normalizeImageForOcr(image, {
        density: options.density,
        targetDpi: settings.targetDpi,
        maxLongSide: settings.maxLongSide,
        clean: pass === "clean",
      });
      const layout = config.OCR_SERVICE_URL
        ? await recognizeRemotely({ baseUrl: config.OCR_SERVICE_URL, png: normalized.png, languages: config.OCR_LANGUAGES, model: model.id })
        : layoutFromTesseract(
            await recognizeWithPool({ image: normalized.png, rotateAuto: true }),
            normalized.width,
            normalized.height,
          );
      return { layout, width: normalized.width, height: normalized.height };
    }),
  );
  return { ...mergeOcrPasses(passes.map((pass) => pass.layout)), engine: currentOcrEngine(), width: passes[0].width, height: passes[0].height };
}
