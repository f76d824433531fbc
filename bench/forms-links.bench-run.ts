import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import type { Page } from "@/lib/documents/types";
import { extractStructure } from "@/lib/extraction/extract-structure";
import type { KeyValuePair } from "@/lib/extraction/types";
import { textSimilarity } from "@/lib/ocr/pass-agreement";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { wordBag, wordsFound } from "./word-bags";

// FUNSD question→answer links on the development split (../shared/corpus/01_forms_kv/funsd_train,
// read in place, never copied), scored as ../shared/tools/fields-score.mjs scores /v1/extract: the
// pairs become the fields object (a repeated key gets " (2)"), and a link counts when one field's
// key and value are both within 0.75 similarity of its question and answer. Pages are read once by
// docsvc-OCR-v1 and cached under the system temp folder, so runs that change only the pairing
// compare like with like (BENCH_FRESH_OCR=1 re-reads). BENCH_HALF=a or b scores every other form
// (tune on a, report b); BENCH_VERBOSE=1 lists each form's missed links and wrong fields. Run:
//   BENCH_HALF=a npx vitest run --config bench/vitest.config.ts bench/forms-links.bench-run.ts

afterAll(terminateOcrPool);

const corpus = path.resolve(process.env.BENCH_CORPUS ?? "../shared/corpus/01_forms_kv");
const folder = path.join(corpus, "funsd_train");
const cacheFolder = path.join(tmpdir(), "docsvc-forms-links-ocr");
const verbose = process.env.BENCH_VERBOSE === "1";

interface Entity {
  id: number;
  label: string;
  text: string;
  linking: number[][];
  words: Array<{ text: string }>;
}

async function ocrPages(file: string): Promise<Page[]> {
  const bytes = readFileSync(file);
  const cacheFile = path.join(cacheFolder, `${createHash("sha256").update(bytes).digest("hex").slice(0, 24)}.json`);
  if (process.env.BENCH_FRESH_OCR !== "1" && existsSync(cacheFile))
    return JSON.parse(readFileSync(cacheFile, "utf8")) as Page[];
  const { pages } = await readDocument({ bytes, fileName: path.basename(file), model: "docsvc-OCR-v1" });
  mkdirSync(cacheFolder, { recursive: true });
  writeFileSync(
    cacheFile,
    JSON.stringify(pages, (key, value) => (key === "image" ? undefined : value)),
  );
  return pages;
}

// The script's text comparison: lower case, punctuation to spaces, 1 - edit distance / longer length.
const loose = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

// fields-score.mjs's test: both texts empty, or at most a quarter of the longer one edited.
const similar = (a: string, b: string) => textSimilarity(a, b) >= 0.75;

/** The fields /v1/extract returns without a schema: a key seen again gets " (2)", " (3)"… */
function asFields(pairs: KeyValuePair[]): Array<[string, string]> {
  const seen = new Map<string, number>();
  return pairs.map(({ key, value }) => {
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return [count === 1 ? key : `${key} (${count})`, value];
  });
}

function half<T>(list: T[]): T[] {
  const which = process.env.BENCH_HALF;
  return which === "a" || which === "b" ? list.filter((_, index) => index % 2 === (which === "a" ? 0 : 1)) : list;
}

it("measures question→answer links on the forms development split", async () => {
  if (!existsSync(folder)) return console.log(`${folder} absent: nothing measured.`);
  const forms = half(
    readdirSync(path.join(folder, "annotations"))
      .filter((name) => name.endsWith(".json"))
      .sort(),
  );
  const totals = { links: 0, fields: 0, hits: 0, found: 0, words: 0 };
  console.log(`\nFUNSD development split${process.env.BENCH_HALF ? `, half ${process.env.BENCH_HALF}` : ""}`);
  for (const name of forms) {
    const form = (JSON.parse(readFileSync(path.join(folder, "annotations", name), "utf8")) as { form: Entity[] }).form;
    const byId = new Map(form.map((entity) => [entity.id, entity]));
    const links = form
      .filter((entity) => entity.label === "question")
      .flatMap((question) =>
        question.linking
          .map(([a, b]) => byId.get(a === question.id ? b : a))
          .filter((answer) => answer?.label === "answer")
          .map((answer) => [loose(question.text), loose(answer!.text)]),
      )
      .filter(([question, answer]) => question && answer);
    const pages = await ocrPages(path.join(folder, "images", name.replace(/\.json$/, ".png")));
    const fields = asFields(extractStructure({ pages }).keyValuePairs)
      .map(([key, value]) => [loose(key), loose(value)])
      .filter(([key, value]) => key && value);
    const used = new Set<number>();
    const missed: string[][] = [];
    for (const [question, answer] of links) {
      const match = fields.findIndex(
        ([key, value], index) => !used.has(index) && similar(key, question) && similar(value, answer),
      );
      if (match >= 0) used.add(match);
      else missed.push([question, answer]);
    }
    const annotated = wordBag(form.flatMap((entity) => entity.words.map((word) => word.text)).join(" "));
    const words = wordsFound(annotated, pages.map((page) => page.text).join("\n"));
    totals.links += links.length;
    totals.fields += fields.length;
    totals.hits += used.size;
    totals.found += words.found;
    totals.words += words.words;
    console.log(
      `${name.replace(/\.json$/, "").padEnd(20)} links ${links.length}  fields ${fields.length}  right ${used.size}`,
    );
    if (verbose) {
      for (const [question, answer] of missed) console.log(`    missed  ${question} → ${answer}`);
      fields.forEach(([key, value], index) => {
        if (!used.has(index)) console.log(`    wrong   ${key} = ${value}`);
      });
    }
  }
  const share = (part: number, whole: number) => (whole === 0 ? "n/a" : (part / whole).toFixed(3));
  console.log(
    `forms: ${forms.length}, links ${totals.links}: recall ${share(totals.hits, totals.links)}, precision ${share(totals.hits, totals.fields)}; words found ${share(totals.found, totals.words)}`,
  );
});
