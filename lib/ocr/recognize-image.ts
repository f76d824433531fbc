import sharp, { type SharpOptions } from "sharp";
import { PSM } from "tesseract.js";
import { getConfig } from "@/lib/config";
import { logger } from "@/lib/log/logger";
import { withSharedAngles, type AssembledLayout } from "@/lib/pages/layout";
import { resolveModel, type ModelVersion, type OcrPass } from "@/lib/models";
import type { PageOrientation, RulingLines } from "@/lib/pages/types";
import { findRulingLines } from "./detect-ruling-lines";
import { correctMisreadWords } from "./dictionary-correction";
import { mergeOcrPasses } from "./merge-passes";
import { hasSidewaysWords, isSidewaysWord, likelyTurn, sidewaysTurn } from "./detect-orientation";
import {
  cleanGreyImage,
  greySample,
  greyToPgm,
  greyToPng,
  normalizeImageToGrey,
  type NormalizedGreyImage,
} from "./normalize-image";
import { layoutToSource, rulingsToSource, type PageTransform } from "./page-transform";
import { denoiseGreyImage, passImages } from "./pass-images";
import { isLowResolution, readUncoveredText } from "./read-uncovered-text";
import { recognizeRemotely } from "./remote-ocr";
import { rereadAmountRows } from "./reread-amount-rows";
import { rereadRotatedWords } from "./reread-rotated-words";
import { rereadUnsureLines } from "./reread-unsure-lines";
import { rereadUnsureWords } from "./reread-unsure-words";
import { currentOcrEngine, type OcrEngine } from "./ocr-engine";
import { adaptiveThreshold, recognizeTsvWithPool } from "./tesseract-pool";
import { layoutFromTsv } from "./tesseract-tsv-layout";

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
/**
 * How tesseract reads the page: its own layout analysis, the page taken as one block of lines, or
 * its layout analysis over a page binarised tile by tile (adaptive threshold).
 */
type PageLayoutAnalysis = "auto" | "one block" | "adaptive threshold";
/** A page to read, with the factor its pixels were enlarged by from the file's. */
type PageToRead = GreyPage & Pick<NormalizedGreyImage, "enlargement">;

export { currentOcrEngine, type OcrEngine };

/**
 * OCR one page image (any format sharp decodes). `density` is the image's pixels per inch when
 * known; `decode` tells sharp how to read the bytes when they are not a self-describing file (raw
 * pixels of a rendered page, which saves encoding and decoding a PNG) or which frame to read.
 * Boxes come back normalised to the image as given (upright or not), so they are independent of
 * any upscaling, turning or straightening done for recognition. `onSecondReadings` is told the time
 * spent reading parts of the page again (or the whole page, turned) after the first reading was unsure.
 */
export async function recognizeImage(
  image: Buffer,
  options: {
    model?: ModelVersion;
    density?: number;
    decode?: SharpOptions;
    onSecondReadings?: (ms: number) => void;
  } = {},
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
  const { rulings, withoutLines } = findRulingLines({
    data: normalized.grey,
    width: normalized.width,
    height: normalized.height,
  });
  const remote = config.OCR_SERVICE_URL
    ? { baseUrl: config.OCR_SERVICE_URL, languages: config.OCR_LANGUAGES, model: model.id }
    : undefined;
  let secondReadingMs = 0;
  const timeSecondReading = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      secondReadingMs += performance.now() - started;
    }
  };
  const read = async (page: PageToRead, layout: PageLayoutAnalysis = "auto") =>
    correctMisreadWords(
      mergeOcrPasses(await readPasses(page, model, settings.passes, timeSecondReading, { remote, layout })),
    );
  // The local engine reads the page without its ruling lines; a remote service gets the page as it is.
  const straight: PageToRead = {
    grey: remote ? normalized.grey : withoutLines,
    width: normalized.width,
    height: normalized.height,
    enlargement: normalized.enlargement,
  };
  let merged = await read(straight);
  let orientation: PageOrientation = 0;
  let readCopy = straight;
  if (isPoorReading(merged)) {
    // Little confident text: the page may be turned. Read it again the way its ink says is upright; keep the better reading.
    const turn = likelyTurn(await greySample(normalized.grey, normalized.width, normalized.height));
    if (turn !== 0) {
      const turned = await turnGreyPage(straight, turn);
      const second = await timeSecondReading(() => read(turned));
      if (confidentCharacters(second) > confidentCharacters(merged))
        [merged, orientation, readCopy] = [second, turn, turned];
    }
    if (!remote && isPoorReading(merged)) {
      // Upright but still poorly read: tesseract's layout analysis can cut a page into nonsense
      // regions (dot-matrix print, handwriting over a receipt) that it reads well as one block.
      const asBlock = await timeSecondReading(() => read(straight, "one block"));
      if (confidentCharacters(asBlock) > confidentCharacters(merged))
        [merged, orientation, readCopy] = [asBlock, 0, straight];
    }
    if (!remote && isPoorReading(merged)) {
      // Still next to nothing: one threshold for the whole page puts faint print on the paper's side
      // when part of the image is dark (a photo's background, a shadowed edge). Stretched to the
      // page's own range of greys the print comes back; tile by tile, the threshold does not see the dark part.
      const stretched = await stretchContrast(straight);
      for (const [page, layout] of [
        [stretched, "auto"],
        [straight, "adaptive threshold"],
      ] as const) {
        if (!isPoorReading(merged)) break;
        const again = await timeSecondReading(() => read(page, layout));
        // A stretched blank page shows its grain: only a reading that is itself good replaces the first.
        if (!isPoorReading(again) && confidentCharacters(again) > confidentCharacters(merged))
          [merged, orientation, readCopy] = [again, 0, page];
      }
    }
  } else if (hasSidewaysWords(merged.words, normalized.width, normalized.height)) {
    // tesseract read sideways text itself; the words keep their turn.
    orientation = sidewaysTurn(await greySample(normalized.grey, normalized.width, normalized.height));
    const angle = orientation === 90 ? 90 : -90;
    merged = withSharedAngles({
      ...merged,
      words: merged.words.map((word) =>
        isSidewaysWord(word, normalized.width, normalized.height) ? { ...word, angle } : word,
      ),
    });
  }
  options.onSecondReadings?.(secondReadingMs);
  const transform: PageTransform = {
    sourceWidth: normalized.sourceWidth,
    sourceHeight: normalized.sourceHeight,
    width: normalized.width,
    height: normalized.height,
    degrees: normalized.turnDegrees,
  };
  return {
    ...layoutToSource(merged, {
      ...transform,
      width: readCopy.width,
      height: readCopy.height,
      degrees: transform.degrees + (readCopy === straight ? 0 : orientation),
    }),
    engine: currentOcrEngine(),
    width: normalized.sourceWidth,
    height: normalized.sourceHeight,
    rulings: rulingsToSource(rulings, transform),
    orientation,
  };
}

/**
 * Every pass of the model over the page (straightened, its ruling lines removed), one layout each.
 * The first pass (docsvc-OCR-v1's own reading) of a low-resolution scan also reads what its layout
 * analysis left out.
 */
async function readPasses(
  page: PageToRead,
  model: ModelVersion,
  passes: OcrPass[],
  timeSecondReading: <T>(work: () => Promise<T>) => Promise<T>,
  options: { remote?: { baseUrl: string; languages: string; model: string }; layout: PageLayoutAnalysis },
): Promise<AssembledLayout[]> {
  const { remote } = options;
  // Clean-up follows the scaling (a median on 75-DPI strokes would erase them); denoising precedes it.
  const cleanUp = <T extends GreyPage>(image: T, pass: OcrPass): Promise<T> =>
    pass.image === "clean" ? cleanGreyImage(image) : Promise.resolve(image);
  if (remote) {
    const prepare = async (pass: OcrPass) =>
      cleanUp(pass.image === "denoised" ? await denoiseGreyImage(page) : page, pass);
    return Promise.all(
      passes.map(async (pass) => recognizeRemotely({ ...remote, png: await greyToPng(await prepare(pass)) })),
    );
  }
  // Each pass reads the page scaled to its resolution; passes prepared alike share one copy.
  const scaled = await passImages(page, model, passes);
  return Promise.all(
    passes.map(async (pass, index) => {
      const image = await cleanUp(scaled[index], pass);
      const layout = layoutFromTsv(
        await recognizeTsvWithPool({
          image: greyToPgm(image),
          recogniser: pass.recogniser,
          ...(options.layout === "one block" ? { params: { tessedit_pageseg_mode: PSM.SINGLE_BLOCK } } : {}),
          ...(options.layout === "adaptive threshold" ? { params: { thresholding_method: adaptiveThreshold } } : {}),
        }),
        image.width,
        image.height,
      );
      // The first pass over a low-resolution scan also reads its unsure words again, one by one.
      const lowResolution = index === 0 && isLowResolution(page.enlargement * (image.width / page.width));
      return timeSecondReading(async () => {
        // A second reading only improves the first: when one fails (an image the engine refuses, an
        // overrun), the page keeps what was read before it instead of failing.
        const keepOnFailure =
          (step: string, reread: (layout: AssembledLayout) => Promise<AssembledLayout>) =>
          async (before: AssembledLayout): Promise<AssembledLayout> => {
            try {
              return await reread(before);
            } catch (error) {
              logger.warn("ocr_second_reading_failed", { step, error: String(error) });
              return before;
            }
          };
        const steps = [
          ...(index === 0 && getConfig().OCR_LINE_REREAD === "on"
            ? [keepOnFailure("unsure lines", (before) => rereadUnsureLines(before, image))]
            : []),
          ...(lowResolution
            ? [keepOnFailure("unsure words", (before) => rereadUnsureWords(before, image, pass.recogniser))]
            : []),
          keepOnFailure("rotated words", (before) => rereadRotatedWords(before, image, pass.recogniser)),
          keepOnFailure("amount rows", (before) => rereadAmountRows(before, image, pass.recogniser)),
          ...(lowResolution
            ? [keepOnFailure("uncovered text", (before) => readUncoveredText(before, image, pass.recogniser))]
            : []),
        ];
        let reread = layout;
        for (const step of steps) reread = await step(reread);
        return reread;
      });
    }),
  );
}

/** The page's greys stretched so its darkest and lightest percent become black and white. */
async function stretchContrast(page: PageToRead): Promise<PageToRead> {
  const grey = await sharp(page.grey, { raw: { width: page.width, height: page.height, channels: 1 } })
    .normalise()
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { ...page, grey };
}

/** The page turned back by a clockwise quarter turn of its text: a half turn of raw pixels is the buffer reversed. */
async function turnGreyPage(page: PageToRead, turn: PageOrientation): Promise<PageToRead> {
  if (turn === 180) return { ...page, grey: Buffer.from(page.grey).reverse() };
  const { data, info } = await sharp(page.grey, { raw: { width: page.width, height: page.height, channels: 1 } })
    .rotate(-turn)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { grey: data, width: info.width, height: info.height, enlargement: page.enlargement };
}

const confidentWord = 0.8;

function confidentCharacters(layout: AssembledLayout): number {
  return layout.words
    .filter((word) => word.confidence >= confidentWord)
    .reduce((sum, word) => sum + word.text.length, 0);
}

/** A reading with hardly any confident text: what an upside-down page gives (1 word of 51 on a generated invoice). */
function isPoorReading(layout: AssembledLayout): boolean {
  return layout.confidence < 0.6 || confidentCharacters(layout) < 20;
}
