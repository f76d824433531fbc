import sharp from "sharp";
import type { ModelVersion, OcrPass } from "@/lib/models";
import type { NormalizedGreyImage } from "./normalize-image";
import { imageAtResolution, imageForRecognition } from "./recognition-scale";

// The page each OCR pass reads before any clean-up: denoised or not, scaled to the pass's
// resolution. Passes that need the same preparation share one copy (XL's first two passes read
// the page at the standard resolution, one of them cleaned up afterwards).

type GreyPage = Pick<NormalizedGreyImage, "grey" | "width" | "height">;

/**
 * A 3-pixel median at the page's normalised resolution. Before an enlargement it removes speckle
 * that would otherwise be enlarged into blobs tesseract reads as punctuation (bench/ocr-degraded:
 * 1.5% salt-and-pepper at 200 DPI read with 22% CER by the best model at full size, under 0.1% after the
 * median), and it settles the text-height estimate, which specks drag down (12 px instead of 26).
 */
export async function denoiseGreyImage<T extends GreyPage>(image: T): Promise<T> {
  const grey = await sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } })
    .median(3)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { ...image, grey };
}

/** The scaled page each of `passes` reads, in the same order. */
export async function passImages(
  page: GreyPage,
  model: Pick<ModelVersion, "alias">,
  passes: OcrPass[],
): Promise<GreyPage[]> {
  let denoised: Promise<GreyPage> | undefined;
  const prepared = new Map<string, Promise<GreyPage>>();
  return Promise.all(
    passes.map((pass) => {
      const denoise = pass.image === "denoised";
      const key = `${denoise ? "denoised" : "grey"}/${pass.resolution ?? "model"}`;
      if (!prepared.has(key)) {
        const source = denoise ? (denoised ??= denoiseGreyImage(page)) : Promise.resolve(page);
        prepared.set(
          key,
          source.then((image) =>
            pass.resolution ? imageAtResolution(image, pass.resolution) : imageForRecognition(image, model),
          ),
        );
      }
      return prepared.get(key)!;
    }),
  );
}
