import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import type { OcrRecogniser } from "@/lib/models";

// Language data is read from disk so no CDN is ever contacted. The `best` recogniser's data comes
// from npm packages (@tesseract.js-data/<lang>, tessdata_best in integer form). tessdata_fast is not
// published on npm, so the fast English model ships with the project (lib/ocr/tessdata/fast, Apache-2.0,
// see its README); a language without a bundled fast model falls back to its npm best data.
// Paths are resolved from process.cwd() first because the Next.js bundler rewrites require.resolve;
// createRequire is a fallback for scripts run from elsewhere.
const npmDataFolder = "4.0.0_best_int";
const bundledFastFolder = path.join("lib", "ocr", "tessdata", "fast");

/**
 * A folder holding <lang>.traineddata.gz for every requested language. One language is read in place;
 * several (each in its own folder) are linked into one temporary folder because tesseract.js takes a
 * single langPath.
 */
export function languageDataDir(languages: string[], recogniser: OcrRecogniser): string {
  const files = languages.map((language) => languageDataPath(language, recogniser));
  if (files.length === 1) return path.dirname(files[0]);
  const folder = path.join(os.tmpdir(), `docsvc-tessdata-${recogniser}-${languages.join("+")}`);
  mkdirSync(folder, { recursive: true });
  languages.forEach((language, index) => {
    const link = path.join(folder, `${language}.traineddata.gz`);
    if (!existsSync(link)) symlinkSync(files[index], link);
  });
  return folder;
}

export function languageDataPath(language: string, recogniser: OcrRecogniser): string {
  if (recogniser === "fast") {
    const bundled = path.join(process.cwd(), bundledFastFolder, `${language}.traineddata.gz`);
    if (existsSync(bundled)) return bundled;
  }
  const relative = path.join("@tesseract.js-data", language, npmDataFolder, `${language}.traineddata.gz`);
  const fromCwd = path.join(process.cwd(), "node_modules", relative);
  if (existsSync(fromCwd)) return fromCwd;
  try {
    const requireFromCwd = createRequire(path.join(process.cwd(), "package.json"));
    const packageJson = requireFromCwd.resolve(`@tesseract.js-data/${language}/package.json`);
    return path.join(path.dirname(packageJson), npmDataFolder, `${language}.traineddata.gz`);
  } catch (error) {
    throw new Error(`OCR language "${language}" is not installed: run npm install @tesseract.js-data/${language}`, {
      cause: error,
    });
  }
}
