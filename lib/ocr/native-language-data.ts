import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { OcrRecogniser } from "@/lib/models";
import { languageDataPath } from "./language-data";

// Native tesseract reads the very model files tesseract.js reads (the bundled tessdata_fast English
// model is byte for byte Debian's tesseract-ocr-eng), so both engines give the same words. It cannot
// read them gzipped: each is unpacked once into a folder named after the files it came from, passed
// as --tessdata-dir.

const prepared = new Map<string, Promise<string>>();

/** A folder holding <lang>.traineddata for every language of `languages` ("eng+deu"), as `recogniser` reads them. */
export function nativeLanguageDataDir(languages: string, recogniser: OcrRecogniser): Promise<string> {
  const key = `${recogniser}/${languages}`;
  let folder = prepared.get(key);
  if (!folder) {
    folder = unpack(languages.split("+"), recogniser);
    prepared.set(key, folder);
    folder.catch(() => prepared.delete(key));
  }
  return folder;
}

async function unpack(languages: string[], recogniser: OcrRecogniser): Promise<string> {
  const sources = languages.map((language) => languageDataPath(language, recogniser));
  const stamp = createHash("sha256");
  for (const source of sources) {
    const { size, mtimeMs } = await stat(source);
    stamp.update(`${source}:${size}:${mtimeMs}\n`);
  }
  const folder = path.join(os.tmpdir(), `docsvc-tessdata-native-${recogniser}-${stamp.digest("hex").slice(0, 16)}`);
  await mkdir(folder, { recursive: true });
  await Promise.all(
    languages.map(async (language, index) => {
      const target = path.join(folder, `${language}.traineddata`);
      if (existsSync(target)) return;
      // Written aside and renamed, so a second process never reads half a model.
      const partial = `${target}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, gunzipSync(await readFile(sources[index])));
      await rename(partial, target);
    }),
  );
  return folder;
}
