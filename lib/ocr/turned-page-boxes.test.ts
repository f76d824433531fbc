import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareBoxes,
  tesseractCliWords,
  turnReferenceWords,
  type ReferenceWord,
} from "@/lib/documents/testing/box-agreement";
import { proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import { recognizeImage } from "./recognize-image";
import { terminateOcrPool } from "./tesseract-pool";

// End to end through the real engine: the boxes docsvc gives for a turned (and noisy) copy of a page
// must sit where the native Tesseract CLI's boxes of the upright page land when carried through
// the same turn, so the page shown and its boxes refer to the same pixels.

const lines = ["ACME SUPPLY COMPANY   Invoice 2024-0117", ...proseLines(8, 60, 7), "Total due 367.80"];
let folder: string;
let upright: Buffer;
let reference: ReferenceWord[];
let size: { width: number; height: number };

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "turned-boxes-"));
  upright = await sharp(textSvg(lines, { fontSize: 40, width: 1900, margin: 120 }))
    .flatten({ background: "#fff" })
    .greyscale()
    .png()
    .toBuffer();
  const metadata = await sharp(upright).metadata();
  size = { width: metadata.width!, height: metadata.height! };
  await writeFile(path.join(folder, "upright.png"), upright);
  reference = await tesseractCliWords(path.join(folder, "upright.png"), size.width, size.height);
});

afterAll(async () => {
  await terminateOcrPool();
  await rm(folder, { recursive: true, force: true });
});

describe("word boxes of turned scans", () => {
  it.each([
    { degrees: -4, noisy: true, orientation: 0 },
    { degrees: 7, noisy: false, orientation: 0 },
    { degrees: 180, noisy: false, orientation: 180 },
    { degrees: 272, noisy: true, orientation: 270 },
  ])(
    "turned $degrees° (noisy: $noisy): boxes on the words, orientation $orientation",
    async ({ degrees, noisy, orientation }) => {
      const turned = sharp(upright).rotate(degrees, { background: "#fff" });
      const image = noisy ? await turned.blur(0.6).jpeg({ quality: 55 }).toBuffer() : await turned.png().toBuffer();
      const read = await recognizeImage(image, { density: 300 });
      const carried = turnReferenceWords(reference, degrees, size.width, size.height);
      expect({ width: read.width, height: read.height }).toEqual({ width: carried.width, height: carried.height });
      const agreement = compareBoxes(carried.words, read.words, carried.height / carried.width);
      expect(read.orientation).toBe(orientation);
      expect(agreement.pairs).toBeGreaterThan(reference.length * 0.9);
      expect(agreement.meanIou).toBeGreaterThanOrEqual(0.85);
      expect(agreement.medianCentreOffset).toBeLessThanOrEqual(0.15);
      if (degrees % 90 !== 0 && orientation !== 270)
        expect(Math.abs(read.words[0].angle! - (((degrees + 180) % 360) - 180))).toBeLessThan(0.6);
    },
  );
});
