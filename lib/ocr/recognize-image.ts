import type { SharpOptions } from "sharp";
import { getConfig } from "@/lib/config";
import type { AssembledLayout } from "@/lib/documents/layout";
import { resolveModel, type ModelVersion, type OcrPass } from "@/lib/models";
import type { PageOrientation, RulingLines } from "@/lib/documents/types";
import { findRulingLines } from "./detect-ruling-lines";
import { mergeOcrPasses } from "./merge-passes";
import { cleanGreyImage, greyToPgm, greyToPng, normalizeImageToGrey, type NormalizedGreyImage } from "./normalize-image";
import { layoutToSource, rulingsToSource, type PageTransform } from "./page-transform";
import { denoiseGreyImage, passImages } from "./pass-images";
import { recognizeRemotely } from "./remote-ocr";
import { rereadRotatedWords } from "./reread-rotated-words";
import { recognizeTsvWithPool } from "./tesseract-pool";
import { layoutFromTsv } from "./tesseract-tsv-layout";

export type OcrEngine = "tesseract.js" | "remote";

export interface OcrImageResult extends AssembledLayout {
  engine: OcrEngine;
  /** Size of the image as given, after any enlargement; boxes and rulings are normalised to it (0–1), whatever turning OCR read it through. */
  width: number;
  height: number;
  /** Ruling lines of the image, for tables drawn with lines. */
  rulings: RulingLines;
  /** Clockwise quarter turn the text was found in. */
  orientation: PageOrientation;
}

type GreyPage = Pick<NormalizedGreyImage, "grey" | "width" | "height">;

export function currentOcrEngine(): OcrEngine {
  return getConfig().OCR_SERVICE_URL ? "remote" : "tesseract.js";
}

/**
 * OCR one page image (any format sharp decodes). `density` is the image's pixels per inch when
 * known; `decode` tells sharp how to read the bytes when they are not a self-describing file (raw
 * pixels of a rendered page, which saves encoding and decoding a PNG) or which frame to read.
 * Boxes come back normalised to the image as given (upright or not), so they are independent of
 * any upscaling, turning or straightening done for recognition.
 */
export async function recognizeImage(
  image: Buffer,
  options: { model?: ModelVersion; density?: number; decode?: SharpOptions } = {},
): Promise<OcrImageResult> {
  const model = options.model ?? resolveModel(undefined, { kind: "ocr" });
  const settings = model.ocr ?? resolveModel(undefined, { kind: "ocr" }).ocr!;
  const config = getConfig();
  const normalized = await normalizeImageToGrey(image, {
    density: options.density,
    decode: options.decode,
    targetDpi: settings.targetDpi,
    maxLongSide: settings.maxLongSide,
    deskew: true,
  });
  const { rulings, withoutLines } = findRulingLines({ data: normalized.grey, width: normalized.width, height: normalized.height });
  // Clean-up follows the scaling (a median on 75-DPI strokes would erase them); denoising precedes it.
  const cleanUp = <T extends GreyPage>(page: T, pass: OcrPass): Promise<T> => (pass.image === "clean" ? cleanGreyImage(page) : Promise.resolve(page));
  let layouts: AssembledLayout[];
  if (config.OCR_SERVICE_URL) {
    const remote = { baseUrl: config.OCR_SERVICE_URL, languages: config.OCR_LANGUAGES, model: model.id };
    const prepare = async (pass: OcrPass) => cleanUp(pass.image === "denoised" ? await denoiseGreyImage(normalized) : normalized, pass);
    layouts = await Promise.all(settings.passes.map(async (pass) => recognizeRemotely({ ...remote, png: await greyToPng(await prepare(pass)) })));
  } else {
    // Each pass reads the page scaled to its resolution; passes prepared alike share one copy.
    const scaled = await passImages({ ...normalized, grey: withoutLines }, model, settings.passes);
    layouts = await Promise.all(
      settings.passes.map(async (pass, index) => {
        const page = await cleanUp(scaled[index], pass);
        const layout = layoutFromTsv(await recognizeTsvWithPool({ image: greyToPgm(page), recogniser: pass.recogniser }), page.width, page.height);
        return rereadRotatedWords(layout, page, pass.recogniser);
      }),
    );
  }
  const transform: PageTransform = {
    sourceWidth: normalized.sourceWidth,
    sourceHeight: normalized.sourceHeight,
    width: normalized.width,
    height: normalized.height,
    degrees: normalized.turnDegrees,
  };
  return {
    ...layoutToSource(mergeOcrPasses(layouts), transform),
    engine: currentOcrEngine(),
    width: normalized.sourceWidth,
    height: normalized.sourceHeight,
    rulings: rulingsToSource(rulings, transform),
    orientation: normalized.orientation,
  };
}
