import { recognizeImage } from "@/lib/ocr/recognize-image";
import type { FormatInfo } from "../formats";
import { ocrPoolSize } from "@/lib/ocr/tesseract-pool";
import { withOcrPageSlot } from "../ocr-page-slots";
import { failedPage, keptAfterListener, mapWithLimit, pageFromLayout } from "../page-builder";
import { defaultMaxPixels, pageStageClock, type ReadOptions } from "../read-options";
import type { Page } from "@/lib/pages/types";
import { DocumentError } from "@/lib/errors/document-error";
import { framePng, imageFrames } from "./image-frames";

/** OCR every frame of an image file; a frame that fails is recorded on its page. */
export async function readImage(bytes: Buffer, format: FormatInfo, options: ReadOptions): Promise<Page[]> {
  const frames = await imageFrames(bytes, format, options.maxPixels ?? defaultMaxPixels);
  if (options.maxPages && frames.length > options.maxPages) {
    throw new DocumentError(
      "too_many_pages",
      `The image has ${frames.length} pages; at most ${options.maxPages} are allowed`,
    );
  }
  // One frame more than there are OCR workers: the next frame is decoded and normalised while they read.
  return mapWithLimit([...frames.entries()], ocrPoolSize() + 1, async ([index, frame]) => {
    const clock = pageStageClock(options.onStageTime);
    let page: Page;
    try {
      // OCR decodes the frame itself: no intermediate PNG unless the viewer wants one.
      page = await clock.waitFor(withOcrPageSlot, async () => {
        const ocr = await clock.time("ocr", () =>
          recognizeImage(frame.input, {
            model: options.model,
            density: frame.density,
            decode: frame.sharpOptions,
            onSecondReadings: (ms) => clock.report("reread", ms),
          }),
        );
        const read = pageFromLayout({
          pageNumber: index + 1,
          layout: ocr,
          width: frame.width,
          height: frame.height,
          unit: "px",
          source: "ocr",
        });
        read.rulings = ocr.rulings;
        read.orientation = ocr.orientation;
        if (options.renderImages) read.image = await clock.time("render", () => framePng(frame));
        return read;
      });
    } catch (error) {
      page = failedPage(index + 1, "ocr", error);
    }
    clock.finish();
    await options.onPage?.(page);
    return keptAfterListener(page, options.onPage);
  });
}
