import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { resolveModel } from "@/lib/models";
import { characterErrorRate, proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import {
  imageAtResolution,
  imageForRecognition,
  measureTextHeight,
  recognitionScale,
  recognitionScalePolicy,
  resolutionPolicy,
} from "./recognition-scale";
import { recognizeImage } from "./recognize-image";
import { terminateOcrPool } from "./tesseract-pool";

afterAll(terminateOcrPool);

const standard = resolveModel("docsvc-OCR-v1", { kind: "ocr" });
const xl = resolveModel("docsvc-OCR-XL-v1", { kind: "ocr" });

const rendered = new Map<string, ReturnType<typeof renderPage>>();

/** A 300-DPI page of prose in a given point size, as raw greyscale pixels (rendered once per size). */
function page(points: number, lines = 12) {
  const key = `${points}/${lines}`;
  if (!rendered.has(key)) rendered.set(key, renderPage(points, lines));
  return rendered.get(key)!;
}

async function renderPage(points: number, lines: number) {
  const fontSize = Math.round((points * 300) / 72);
  const text = proseLines(lines, Math.floor(1400 / (fontSize * 0.56)), points);
  const png = await sharp(textSvg(text, { width: 1600, fontSize, margin: 100 }))
    .flatten({ background: "#fff" })
    .png()
    .toBuffer();
  const { data, info } = await sharp(png).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { text, png, image: { grey: data, width: info.width, height: info.height } };
}

describe("recognition scale", () => {
  it("measures glyph height near the x-height of the rendered text", async () => {
    // DejaVu Sans x-height is 0.55 em: 8 pt at 300 DPI ≈ 18 px, 16 pt ≈ 37 px.
    expect(await measureTextHeight((await page(8)).image)).toBeGreaterThan(15);
    expect(await measureTextHeight((await page(8)).image)).toBeLessThan(22);
    expect(await measureTextHeight((await page(16)).image)).toBeGreaterThan(33);
    expect(await measureTextHeight((await page(16)).image)).toBeLessThan(43);
  });

  it("shrinks a page so its glyphs land at the policy's target height, not below the minimum scale", async () => {
    const policy = recognitionScalePolicy(standard)!;
    const eight = await imageForRecognition((await page(8)).image, standard);
    expect(eight.scale).toBeCloseTo(policy.targetTextHeight! / eight.textHeight!, 5);
    expect(eight.scale).toBeLessThan(0.9);
    expect(eight.width).toBe(Math.round(1600 * eight.scale));
    const large = await imageForRecognition((await page(16)).image, standard);
    expect(large.scale).toBe(policy.minScale);
    expect(large.width).toBe(Math.round(1600 * large.scale));
  });

  it("never shrinks for the XL model, below the minimum scale, or without an estimate", async () => {
    expect(recognitionScalePolicy(xl)!.targetTextHeight).toBeUndefined();
    expect((await imageForRecognition((await page(16)).image, xl)).scale).toBe(1);
    expect(recognitionScale(400, recognitionScalePolicy(xl))).toBe(1);
    const policy = recognitionScalePolicy(standard)!;
    const target = policy.targetTextHeight!;
    expect(recognitionScale(target * 10, policy)).toBe(policy.minScale);
    expect(recognitionScale(undefined, policy)).toBe(1);
    expect(recognitionScale(target * 1.05, policy)).toBe(1);
  });

  it("enlarges small text up to the policy's target, within its factor cap", () => {
    const policy = recognitionScalePolicy(standard)!;
    expect(recognitionScale(10, policy)).toBeCloseTo(policy.upscaleTo / 10, 5);
    expect(recognitionScale(2, policy)).toBe(policy.maxScale);
    expect(recognitionScale(policy.upscaleBelow, policy)).toBe(1);
    expect(recognitionScale(5, recognitionScalePolicy(xl))).toBe(recognitionScalePolicy(xl)!.maxScale);
  });

  it("enlarges a speckled page at high resolution no more than the standard resolution would", async () => {
    // Small text (glyphs ~6 px) that the high resolution enlarges more than 3×, then the same page with
    // 5% of its pixels turned black or white: enlarging the noise that far only slows tesseract down.
    const svg = textSvg(proseLines(6, 120, 11), { width: 1200, fontSize: 11, margin: 40 });
    const { data, info } = await sharp(svg)
      .flatten({ background: "#fff" })
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const clean = { grey: data, width: info.width, height: info.height };
    let state = 5;
    const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const speckled = {
      ...clean,
      grey: Buffer.from(data.map((value) => (random() < 0.05 ? (random() < 0.5 ? 0 : 255) : value))),
    };
    const standardLimit = resolutionPolicy("standard").maxScale;
    expect((await imageAtResolution(clean, "high")).scale).toBeGreaterThan(standardLimit);
    expect((await imageAtResolution(speckled, "high")).scale).toBeLessThanOrEqual(standardLimit);
  });

  it("reads a 75-DPI scan of unknown resolution with XL", async () => {
    // Three lines of 10 pt prose rendered at 300 DPI, reduced to 75 DPI (x-height ~7 px), softened
    // like a scanner's optics and saved as a JPEG, then handed over as raw pixels so nothing tells
    // normalisation the resolution. At 13.3 in wide its long side (1000 px) is past the
    // normaliser's own guess for small images, so only the recognition scale enlarges it.
    const fontSize = Math.round((10 * 300) / 72);
    const text = proseLines(3, Math.floor(3800 / (fontSize * 0.56)), 7);
    const scan = await sharp(textSvg(text, { width: 4000, fontSize, margin: 100 }))
      .flatten({ background: "#fff" })
      .greyscale()
      .resize({ width: 1000, kernel: "linear" })
      .blur(1)
      .jpeg({ quality: 60 })
      .toBuffer();
    const { data, info } = await sharp(scan).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const readable = await imageForRecognition({ grey: data, width: info.width, height: info.height }, xl);
    expect(readable.scale).toBeGreaterThan(2);
    const result = await recognizeImage(data, {
      model: xl,
      decode: { raw: { width: info.width, height: info.height, channels: 1 } },
    });
    // Measured on this page: 0.0% enlarged (2.2x, XL passes merged), 2.4% when XL reads it at its own size.
    expect(characterErrorRate(text.join("\n"), result.text)).toBeLessThan(0.01);
  });

  it("reads a shrunk page of large text accurately, with boxes on the original page", async () => {
    const { text, png } = await page(16, 6);
    const result = await recognizeImage(png, { model: standard, density: 300 });
    expect(characterErrorRate(text.join("\n"), result.text)).toBeLessThan(0.02);
    const first = result.words[0];
    // The first word starts at the 100 px margin of the 1600 px wide page.
    expect(first.box.x).toBeCloseTo(100 / 1600, 2);
  });
});
