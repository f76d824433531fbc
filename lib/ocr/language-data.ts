import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";

// Language data comes from npm packages (@tesseract.js-data/<lang>), read from disk so no CDN is
// ever contacted. Resolved from process.cwd() first because the Next.js bundler rewrites
// require.resolve; createRequire is a fallback for scripts run from elsewhere.
const dataFolder = "4.0.0_best_int";

/**
 * A folder holding <lang>.traineddata.gz for every requested language. One language is read in place
 * from its package; several (each in its own package) are linked into one temporary folder because
 * tesseract.js takes a single langPath.
 */
export function languageDataDir(languages: string[]): string {
  if (languages.length === 1) return path.dirname(languageDataPath(languages[0]));
  const folder = path.join(os.tmpdir(), `docsvc-tessdata-${languages.join("+")}`);
  mkdirSync(folder, { recursive: true });
  for (const language of languages) {
    const link = path.join(folder, `${language}.traineddata.gz`);
    if (!existsSync(link)) symlinkSync(languageDataPath(language), link);
  }
  return folder;
}

export function languageDataPath(language: string): string {
  const relative = path.join("@tesseract.js-data", language, dataFolder, `${language}.traineddata.gz`);
  const fromCwd = path.join(process.cwd(), "node_modules", relative);
  if (existsSync(fromCwd)) return fromCwd;
  try {
    const requireFromCwd = createRequire(path.join(process.cwd(), "package.json"));
    const packageJson = requireFromCwd.resolve(`@tesseract.js-data/${language}/package.json`);
    return path.join(path.dirname(packageJson), dataFolder, `${language}.traineddata.gz`);
  } catch (error) {
    throw new Error(
      `OCR language "${language}" is not installed: run npm install @tesseract.js-data/${language}`,
      { cause: error },
    );
  }
}
