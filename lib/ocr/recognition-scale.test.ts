import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { resolveModel } from "@/lib/models";
import { characterErrorRate, proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import { imageForRecognition, measureTextHeight, recognitionScale, recognitionScalePolicy } from "./recognition-scale";
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
  const png = await sharp(textSvg(text, { width: 1600, fontSize, margin: 100 })).flatten({ background: "#fff" }).png().toBuffer();
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

  it("shrinks a page of large text and leaves 8 pt text alone", async () => {
    const large = await imageForRecognition((await page(16)).image, standard);
    expect(large.scale).toBeLessThan(0.7);
    expect(large.width).toBe(Math.round(1600 * large.scale));
    const small = await imageForRecognition((await page(8)).image, standard);
    expect(small.scale).toBe(1);
    expect(small.width).toBe(1600);
  });

  it("never shrinks for the XL model, below the minimum scale, or without an estimate", async () => {
    expect(recognitionScalePolicy(xl)).toBeUndefined();
    expect((await imageForRecognition((await page(16)).image, xl)).scale).toBe(1);
    const policy = recognitionScalePolicy(standard)!;
    expect(recognitionScale(policy.targetTextHeight * 10, policy)).toBe(policy.minScale);
    expect(recognitionScale(undefined, policy)).toBe(1);
    expect(recognitionScale(policy.targetTextHeight * 1.05, policy)).toBe(1);
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
