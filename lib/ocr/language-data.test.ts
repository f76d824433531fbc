import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { languageDataDir, languageDataPath } from "./language-data";

describe("OCR language data", () => {
  it("reads the fast English model from the project and the best one from npm", () => {
    expect(languageDataPath("eng", "fast")).toBe(path.join(process.cwd(), "lib/ocr/tessdata/fast/eng.traineddata.gz"));
    expect(languageDataPath("eng", "best")).toContain(path.join("@tesseract.js-data", "eng", "4.0.0_best_int"));
    expect(languageDataDir(["eng"], "fast")).toBe(path.join(process.cwd(), "lib/ocr/tessdata/fast"));
  });

  it("bundles tessdata_fast 4.1.0 unaltered", () => {
    // The SHA-256 the README gives for the upstream file.
    const model = gunzipSync(readFileSync(languageDataPath("eng", "fast")));
    expect(createHash("sha256").update(model).digest("hex")).toBe(
      "7d4322bd2a7749724879683fc3912cb542f19906c83bcc1a52132556427170b2",
    );
  });

  it("names the package to install for a language that is missing", () => {
    expect(() => languageDataPath("fra", "fast")).toThrow("npm install @tesseract.js-data/fra");
  });
});
