import { afterAll, afterEach, describe, expect, it } from "vitest";
import { PSM } from "tesseract.js";
import { resetConfigForTests } from "@/lib/config";
import { renderTextImage } from "@/lib/documents/testing/render-text-image";
import { checkOcrEngine } from "./health";
import { nativeArguments } from "./native-tesseract";
import { findNativeTesseract, localOcrEngine } from "./ocr-engine";
import { recognizeImage } from "./recognize-image";
import { recognizeTsvWithPool, terminateOcrPool } from "./tesseract-pool";

afterAll(terminateOcrPool);
afterEach(() => {
  delete process.env.OCR_ENGINE;
  delete process.env.TESSERACT_PATH;
  resetConfigForTests();
});

const installed = findNativeTesseract() !== undefined;

function selectEngine(engine: "native" | "wasm", tesseractPath?: string): void {
  process.env.OCR_ENGINE = engine;
  if (tesseractPath) process.env.TESSERACT_PATH = tesseractPath;
  resetConfigForTests();
}

const lines = [
  "Invoice 4821 issued 14 March 2024",
  "Deliver to: Harbour Street 12, Leeds",
  "Total due within 30 days: 1,284.50",
];

async function readPage(engine: "native" | "wasm") {
  selectEngine(engine);
  const page = await recognizeImage(await renderTextImage(lines, { fontSize: 40, dpi: 300 }));
  return page;
}

describe("local OCR engine", () => {
  // CI installs tesseract-ocr (.ci/run): there the native engine must be tested, never skipped.
  it("finds native tesseract where CI installs it", () => {
    if (process.env.CI === "true" || process.env.CI === "1") expect(installed).toBe(true);
    if (installed) {
      resetConfigForTests();
      expect(localOcrEngine()).toBe("tesseract");
    }
  });

  it("reads with the embedded engine when told to, whatever is installed", async () => {
    const page = await readPage("wasm");
    expect(page.engine).toBe("tesseract.js");
    expect(page.words.map((word) => word.text).join(" ")).toBe(lines.join(" "));
    expect(await checkOcrEngine()).toMatchObject({ ok: true, engine: "tesseract.js" });
  });

  it.skipIf(!installed)("reads the same words and boxes natively as the embedded engine does", async () => {
    const embedded = await readPage("wasm");
    const native = await readPage("native");
    expect(native.engine).toBe("tesseract");
    expect(native.words.map((word) => word.text)).toEqual(embedded.words.map((word) => word.text));
    expect(native.lines.length).toBe(embedded.lines.length);
    native.words.forEach((word, index) => {
      const other = embedded.words[index];
      // Boxes in the original image's pixels, normalised: within a pixel or two of each other.
      expect(Math.abs(word.box.x - other.box.x) * native.width).toBeLessThan(3);
      expect(Math.abs(word.box.y - other.box.y) * native.height).toBeLessThan(3);
      expect(Math.abs(word.box.width - other.box.width) * native.width).toBeLessThan(3);
      expect(word.confidence).toBeGreaterThan(0.5);
    });
    expect(await checkOcrEngine()).toMatchObject({ ok: true, engine: "tesseract" });
  });

  it("refuses to read, with the fix in the message, when native is required and not found", async () => {
    selectEngine("native", "/nonexistent/tesseract");
    expect(localOcrEngine()).toBe("tesseract");
    const image = await renderTextImage(["HEALTH"], { fontSize: 44 });
    await expect(recognizeTsvWithPool({ image })).rejects.toThrow(/apt-get install tesseract-ocr/);
    expect(await checkOcrEngine()).toMatchObject({
      ok: false,
      engine: "tesseract",
      error: expect.stringMatching(/OCR_ENGINE=native/),
    });
  });

  it("passes page segmentation as --psm and every other variable through -c", () => {
    const args = nativeArguments({
      dataDir: "/data",
      languages: "eng+deu",
      params: { tessedit_pageseg_mode: PSM.SINGLE_LINE, debug_file: "/dev/null" },
    });
    expect(args.join(" ")).toBe(
      "stdin stdout --tessdata-dir /data -l eng+deu --oem 1 --psm 7 -c debug_file=/dev/null -c tessedit_create_tsv=1",
    );
  });
});
