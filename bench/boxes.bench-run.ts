import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, it } from "vitest";
import {
  compareBoxes,
  pdftotextWords,
  tesseractCliWords,
  turnReferenceWords,
  type BoxAgreement,
  type ReferenceWord,
} from "@/lib/documents/testing/box-agreement";
import { makeMixedFontPdf, makeType3FontPdf } from "@/lib/documents/testing/make-glyph-pdfs";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { makeDocx } from "@/lib/documents/testing/make-office-files";
import { convertWithLibreOffice, findSoffice } from "@/lib/documents/office/convert-with-libreoffice";
import { proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import { readDocument } from "@/lib/documents";
import { recognizeImage } from "@/lib/ocr/recognize-image";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { resolveModel } from "@/lib/models";

// Do word boxes sit on the words? A generated invoice page (300 DPI) is read upright by the
// Tesseract CLI; its boxes, carried through each known turn, are the reference for docsvc's boxes
// on the turned (and, for some, noisy JPEG) copy. Digital PDFs with several fonts and rotated text
// are compared against poppler's `pdftotext -bbox` (its Type 3 heights are not its glyphs': there
// only the horizontal figure means anything; the 30° stamp has no poppler words to pair with). Figures: mean IoU, pairs with
// IoU ≥ 0.5, median centre offset in word heights. When the shared corpus is present (never copied
// into the project), held-out FUNSD forms are compared against their annotated word boxes, beside
// the Tesseract CLI (BENCH_FUNSD_FORMS forms, default 5). About two minutes on 2 cores.
// Run: npx vitest run --config bench/vitest.config.ts bench/boxes.bench-run.ts

afterAll(terminateOcrPool);

const invoiceLines = [
  "ACME SUPPLY COMPANY                      INVOICE 2024-0117",
  "12 Harbour Street, Portsmouth             Date: 14 March 2024",
  "Bill to: Northwind Traders Ltd            Due: 13 April 2024",
  "",
  "Description                  Qty      Unit price      Amount",
  "Steel brackets, galvanised    40           3.25      130.00",
  "Hex bolts M8 x 40            200           0.18       36.00",
  "Timber battens 2.4 m          25           4.90      122.50",
  "Delivery and handling          1          18.00       18.00",
  "",
  "Subtotal                                             306.50",
  "VAT 20%                                               61.30",
  "Total due                                            367.80",
  "Payment by bank transfer within thirty days of the invoice date.",
];

const type3Label = "text-layer PDF, Type 3 font";

function print(label: string, agreement: BoxAgreement): void {
  console.log(
    `${label.padEnd(34)} IoU ${agreement.meanIou.toFixed(3)}  ≥0.5 ${(agreement.overlapping * 100).toFixed(0).padStart(3)}%  ` +
      `centre ${agreement.medianCentreOffset.toFixed(3)} h  horizontal ${agreement.medianHorizontalOffset.toFixed(3)} h  (${agreement.pairs}/${agreement.referenceWords} words)`,
  );
}

it("scanned pages: skewed, turned and noisy", async () => {
  const folder = await mkdtemp(path.join(tmpdir(), "boxes-bench-"));
  try {
    const upright = await sharp(textSvg(invoiceLines, { fontSize: 40, width: 2550, margin: 150 }))
      .flatten({ background: "#fff" })
      .greyscale()
      .png()
      .toBuffer();
    const { width, height } = await sharp(upright).metadata();
    const uprightPath = path.join(folder, "upright.png");
    await writeFile(uprightPath, upright);
    const reference = await tesseractCliWords(uprightPath, width!, height!);
    const model = resolveModel("docsvc-OCR-v1", { kind: "ocr" });
    const cases: Array<{ degrees: number; noisy?: boolean }> = [
      { degrees: 0 },
      { degrees: 1 },
      { degrees: -3 },
      { degrees: 5, noisy: true },
      { degrees: -8 },
      { degrees: 90 },
      { degrees: 180 },
      { degrees: 270 },
    ];
    for (const { degrees, noisy } of cases) {
      const turned = sharp(upright).rotate(degrees, { background: "#fff" });
      const image = noisy ? await turned.blur(0.6).jpeg({ quality: 55 }).toBuffer() : await turned.png().toBuffer();
      const started = performance.now();
      const read = await recognizeImage(image, { model, density: 300 });
      const seconds = (performance.now() - started) / 1000;
      const carried = turnReferenceWords(reference, degrees, width!, height!);
      print(
        `turned ${degrees}°${noisy ? ", noisy JPEG" : ""} (read at ${read.orientation}°, ${seconds.toFixed(1)} s)`,
        compareBoxes(carried.words, read.words, carried.height / carried.width),
      );
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

it("digital PDFs: several fonts and rotated text", async () => {
  const folder = await mkdtemp(path.join(tmpdir(), "boxes-bench-"));
  try {
    const pdfs: Array<[string, Buffer]> = [
      ["text-layer PDF, mixed fonts", await makeMixedFontPdf()],
      ["text-layer PDF, Helvetica prose", await makeTextPdf([proseLines(40, 90, 5)], { fontSize: 10 })],
      [type3Label, makeType3FontPdf()],
    ];
    if (findSoffice()) {
      const docx = await makeDocx({
        heading: "Quarterly Report",
        paragraphs: proseLines(12, 90, 4),
        table: [
          ["Item", "Amount"],
          ["Paper", "12.50"],
        ],
      });
      pdfs.push([
        "LibreOffice-printed DOCX",
        await convertWithLibreOffice(docx, { inputExtension: "docx", target: "pdf", formatName: "DOCX" }),
      ]);
    }
    const pooled: BoxAgreement[] = [];
    for (const [label, pdf] of pdfs) {
      const pdfPath = path.join(folder, "page.pdf");
      await writeFile(pdfPath, pdf);
      const {
        pages: [page],
      } = await readDocument({ bytes: pdf });
      const reference = await pdftotextWords(pdfPath, 1);
      const agreement = compareBoxes(reference, page.words, page.height / page.width);
      print(label, agreement);
      if (label !== type3Label) pooled.push(agreement);
    }
    // The headline figure: every paired word of the pages above (Type 3 aside, see the top), and the worst page's horizontal offset.
    const pairs = pooled.reduce((sum, item) => sum + item.pairs, 0);
    console.log(
      `text-layer PDFs, Type 3 aside      IoU ${(pooled.reduce((sum, item) => sum + item.meanIou * item.pairs, 0) / pairs).toFixed(3)}  ` +
        `horizontal ≤ ${Math.max(...pooled.map((item) => item.medianHorizontalOffset)).toFixed(3)} h  (${pairs} words, ${pooled.length} pages)`,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

const corpusFolder = [
  path.resolve(process.cwd(), "../shared/corpus"),
  path.resolve(process.cwd(), "../../shared/corpus"),
].find((folder) => existsSync(folder));

it("FUNSD forms: annotated word boxes", async () => {
  const funsd = corpusFolder && path.join(corpusFolder, "01_forms_kv", "funsd");
  if (!funsd || !existsSync(funsd)) {
    console.log("Shared corpus not present: FUNSD not measured.");
    return;
  }
  const forms = readdirSync(path.join(funsd, "images"))
    .filter((name) => name.endsWith(".png"))
    .sort()
    .slice(0, Number(process.env.BENCH_FUNSD_FORMS ?? 5));
  const totals = { ours: [] as BoxAgreement[], cli: [] as BoxAgreement[] };
  for (const form of forms) {
    const file = path.join(funsd, "images", form);
    const { width, height } = await sharp(file).metadata();
    const annotation = JSON.parse(
      readFileSync(path.join(funsd, "annotations", form.replace(/\.png$/, ".json")), "utf8"),
    ) as { form: Array<{ words: Array<{ text: string; box: number[] }> }> };
    const reference: ReferenceWord[] = annotation.form
      .flatMap((entity) => entity.words)
      .filter((word) => word.text.trim() !== "")
      .map((word) => {
        const [x0, y0, x1, y1] = word.box;
        return {
          text: word.text,
          box: { x: x0 / width!, y: y0 / height!, width: (x1 - x0) / width!, height: (y1 - y0) / height! },
          wordHeight: (y1 - y0) / height!,
        };
      });
    const {
      pages: [page],
    } = await readDocument({ bytes: readFileSync(file), fileName: form });
    const ours = compareBoxes(reference, page.words, height! / width!);
    const cli = compareBoxes(reference, await tesseractCliWords(file, width!, height!), height! / width!);
    totals.ours.push(ours);
    totals.cli.push(cli);
    print(`FUNSD ${form} docsvc`, ours);
    print(`FUNSD ${form} CLI`, cli);
  }
  const mean = (list: BoxAgreement[]) =>
    list.reduce((sum, item) => sum + item.meanIou * item.pairs, 0) /
    Math.max(
      1,
      list.reduce((sum, item) => sum + item.pairs, 0),
    );
  console.log(
    `FUNSD ${forms.length} forms: mean IoU docsvc ${mean(totals.ours).toFixed(3)}, Tesseract CLI ${mean(totals.cli).toFixed(3)} (over each engine's own pairs)`,
  );
});
