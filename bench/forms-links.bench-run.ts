import path from "node:path";
import { afterAll, it } from "vitest";
import { extractStructure } from "@/lib/extraction/extract-structure";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { asFields, funsdFolder, funsdForms, linkTexts, ocrPages, scoreLinks } from "./funsd-forms";
import { wordBag, wordsFound } from "./word-bags";

// FUNSD question→answer links on the development split (../shared/corpus/01_forms_kv/funsd_train,
// read in place, never copied), scored as ../shared/tools/fields-score.mjs scores /v1/extract: the
// pairs become the fields object (a repeated key gets " (2)"), and a link counts when one field's
// key and value are both within 0.75 similarity of its question and answer. Pages are read once by
// docsvc-OCR-v1 and cached (funsd-forms.ts). BENCH_HALF=a or b scores every other form (the link
// model is fitted on a: report b); BENCH_VERBOSE=1 lists each form's missed links and wrong fields. Run:
//   BENCH_HALF=b npx vitest run --config bench/vitest.config.ts bench/forms-links.bench-run.ts

afterAll(terminateOcrPool);

const verbose = process.env.BENCH_VERBOSE === "1";

it("measures question→answer links on the forms development split", async () => {
  const which = process.env.BENCH_HALF;
  const forms = funsdForms(which === "a" || which === "b" ? which : undefined);
  if (!forms) return console.log(`${funsdFolder()} absent: nothing measured.`);
  const totals = { links: 0, fields: 0, hits: 0, found: 0, words: 0, cpuMs: 0 };
  console.log(`\nFUNSD development split${which ? `, half ${which}` : ""}`);
  for (const form of forms) {
    const pages = await ocrPages(form.image);
    const cpu = process.cpuUsage();
    const pairs = extractStructure({ pages }).keyValuePairs;
    const used = process.cpuUsage(cpu);
    totals.cpuMs += (used.user + used.system) / 1000;
    const score = scoreLinks(linkTexts(form), asFields(pairs));
    const annotated = wordBag(form.entities.flatMap((entity) => entity.words.map((word) => word.text)).join(" "));
    const words = wordsFound(annotated, pages.map((page) => page.text).join("\n"));
    totals.links += score.links;
    totals.fields += score.fields;
    totals.hits += score.hits;
    totals.found += words.found;
    totals.words += words.words;
    console.log(
      `${path.basename(form.name).padEnd(20)} links ${score.links}  fields ${score.fields}  right ${score.hits}`,
    );
    if (verbose) {
      for (const [question, answer] of score.missed) console.log(`    missed  ${question} → ${answer}`);
      for (const [key, value] of score.wrong) console.log(`    wrong   ${key} = ${value}`);
    }
  }
  const share = (part: number, whole: number) => (whole === 0 ? "n/a" : (part / whole).toFixed(3));
  const recall = totals.hits / Math.max(totals.links, 1);
  const precision = totals.hits / Math.max(totals.fields, 1);
  const f1 = recall + precision === 0 ? 0 : (2 * recall * precision) / (recall + precision);
  console.log(
    `forms: ${forms.length}, links ${totals.links}: recall ${share(totals.hits, totals.links)}, precision ${share(totals.hits, totals.fields)}, F1 ${f1.toFixed(3)}; words found ${share(totals.found, totals.words)}; extraction ${(totals.cpuMs / Math.max(forms.length, 1)).toFixed(1)} ms of CPU per page`,
  );
});
