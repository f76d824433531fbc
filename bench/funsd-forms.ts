import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@/lib/pages/types";
import { textSimilarity } from "@/lib/ocr/pass-agreement";

// FUNSD forms of the development split (../shared/corpus/01_forms_kv/funsd_train, read in place,
// never copied) for the links bench and the link model's training script: the annotation, its
// question→answer links as texts, and the page as docsvc-OCR-v1 reads it (cached under the
// system temp folder so runs that change only the pairing compare like with like;
// BENCH_FRESH_OCR=1 re-reads). Half a is every other form from the first (sorted by name), half b
// the others: fit on a, report b.

export interface FunsdWord {
  text: string;
  box: [number, number, number, number];
}

export interface FunsdEntity {
  id: number;
  label: "question" | "answer" | "header" | "other";
  text: string;
  box: [number, number, number, number];
  linking: number[][];
  words: FunsdWord[];
}

export interface FunsdForm {
  name: string;
  image: string;
  entities: FunsdEntity[];
}

export function funsdFolder(): string {
  const corpus = path.resolve(process.env.BENCH_CORPUS ?? "../shared/corpus/01_forms_kv");
  return path.join(corpus, "funsd_train");
}

/** The forms of one half ("a", "b") or all, sorted by name; undefined when the corpus is absent. */
export function funsdForms(half?: "a" | "b"): FunsdForm[] | undefined {
  const folder = funsdFolder();
  if (!existsSync(folder)) return undefined;
  return readdirSync(path.join(folder, "annotations"))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .filter((_, index) => half === undefined || index % 2 === (half === "a" ? 0 : 1))
    .map((file) => ({
      name: file.replace(/\.json$/, ""),
      image: path.join(folder, "images", file.replace(/\.json$/, ".png")),
      entities: (JSON.parse(readFileSync(path.join(folder, "annotations", file), "utf8")) as { form: FunsdEntity[] })
        .form,
    }));
}

const cacheFolder = path.join(tmpdir(), "docsvc-forms-links-ocr");
const cacheFileOf = (bytes: Buffer) =>
  path.join(cacheFolder, `${createHash("sha256").update(bytes).digest("hex").slice(0, 24)}.json`);

/** The form's cached OCR pages, or undefined when it has not been read yet. */
export function cachedPages(file: string): Page[] | undefined {
  const cacheFile = cacheFileOf(readFileSync(file));
  return existsSync(cacheFile) ? (JSON.parse(readFileSync(cacheFile, "utf8")) as Page[]) : undefined;
}

/** The form's pages as docsvc-OCR-v1 reads them, from the cache when there. */
export async function ocrPages(file: string): Promise<Page[]> {
  const bytes = readFileSync(file);
  const cacheFile = cacheFileOf(bytes);
  if (process.env.BENCH_FRESH_OCR !== "1" && existsSync(cacheFile))
    return JSON.parse(readFileSync(cacheFile, "utf8")) as Page[];
  const { readDocument } = await import("@/lib/documents/read-document");
  const { pages } = await readDocument({ bytes, fileName: path.basename(file), model: "docsvc-OCR-v1" });
  mkdirSync(cacheFolder, { recursive: true });
  writeFileSync(
    cacheFile,
    JSON.stringify(pages, (key, value) => (key === "image" ? undefined : value)),
  );
  return pages;
}

/** fields-score.mjs's comparison: lower case, punctuation to spaces. */
export const loose = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** fields-score.mjs's test: at most a quarter of the longer text edited. */
export const similar = (a: string, b: string) => textSimilarity(a, b) >= 0.75;

/** The form's question→answer links as loose texts (empty ones dropped, as the script does). */
export function linkTexts(form: FunsdForm): Array<[string, string]> {
  const byId = new Map(form.entities.map((entity) => [entity.id, entity]));
  return form.entities
    .filter((entity) => entity.label === "question")
    .flatMap((question) =>
      question.linking
        .map(([a, b]) => byId.get(a === question.id ? b : a))
        .filter((answer) => answer?.label === "answer")
        .map((answer): [string, string] => [loose(question.text), loose(answer!.text)]),
    )
    .filter(([question, answer]) => question && answer);
}

export interface LinkScore {
  links: number;
  fields: number;
  hits: number;
  missed: Array<[string, string]>;
  wrong: Array<[string, string]>;
}

/** One to one, as fields-score.mjs: a field is right when its key and value are similar to one link's. */
export function scoreLinks(links: Array<[string, string]>, found: Array<[string, string]>): LinkScore {
  const fields = found.map(([key, value]) => [loose(key), loose(value)]).filter(([key, value]) => key && value);
  const used = new Set<number>();
  const missed: Array<[string, string]> = [];
  for (const [question, answer] of links) {
    const match = fields.findIndex(
      ([key, value], index) => !used.has(index) && similar(key, question) && similar(value, answer),
    );
    if (match >= 0) used.add(match);
    else missed.push([question, answer]);
  }
  return {
    links: links.length,
    fields: fields.length,
    hits: used.size,
    missed,
    wrong: fields.filter((_, index) => !used.has(index)) as Array<[string, string]>,
  };
}

/** The fields /v1/extract returns without a schema: a key seen again gets " (2)", " (3)"… */
export function asFields(pairs: Array<{ key: string; value: string }>): Array<[string, string]> {
  const seen = new Map<string, number>();
  return pairs.map(({ key, value }) => {
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return [count === 1 ? key : `${key} (${count})`, value];
  });
}
