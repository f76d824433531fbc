import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PDFCheckBox, PDFDocument, PDFDropdown, PDFOptionList, PDFRadioGroup, PDFTextField } from "pdf-lib";
import { afterAll, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { renderTextImage } from "@/lib/documents/testing/render-text-image";
import { planFill } from "@/lib/fill/map/plan-fill";
import { fillPdfForm } from "@/lib/fill/pdf/fill-pdf-form";
import { readPdfForm } from "@/lib/fill/pdf/read-pdf-form";
import { makeFormPdf, thirtyFieldSpecs } from "@/lib/fill/testing/make-form-pdf";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";

// Seconds per form for the fill_pdf pipeline as the job runs it (read the form with its page text,
// map, fill, save), on a generated 30-field form and, when ../shared/corpus is present, on real
// AcroForms with their field inventories as ground truth. Prints figures; asserts nothing.
// Run: npx vitest run --config bench/vitest.config.ts bench/fill-speed.bench-run.ts

afterAll(terminateOcrPool);

const corpusForms = path.resolve(process.cwd(), "../shared/corpus/02_acroform_pdfs");
const runs = 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timeFill(
  pdf: Buffer,
  inputs: { fieldMappings?: Record<string, string>; source?: { fileName: string; bytes: Buffer } },
) {
  const started = performance.now();
  const fields = await readPdfForm({ pdf, pages: (await readDocument({ bytes: pdf })).pages });
  const sources = inputs.source
    ? [
        {
          fileName: inputs.source.fileName,
          pages: (await readDocument({ bytes: inputs.source.bytes, fileName: inputs.source.fileName })).pages,
        },
      ]
    : [];
  const { plans } = await planFill({ fields, fieldMappings: inputs.fieldMappings, sources, ai: null });
  const result = await fillPdfForm({ pdf, fields, plans });
  return { seconds: (performance.now() - started) / 1000, result };
}

const sourceLines = [
  "Application",
  "First name: Jane",
  "Last name: Roe",
  "Date of birth: 1990-04-12",
  "Email: jane.roe@example.com",
  "Phone: +1 555 0100",
  "Street: 1 Main Street",
  "City: Springfield",
  "ZIP code: 12345",
  "Country: United States",
  "Company: Acme Inc",
  "Occupation: Engineer",
  "Nationality: American",
  "IBAN: DE89370400440532013000",
  "Tax ID: 123-45-6789",
  "Website: example.com",
];

it("30-field form", async () => {
  const pdf = await makeFormPdf(thirtyFieldSpecs());
  const mappings = Object.fromEntries(
    thirtyFieldSpecs().flatMap((spec) =>
      spec.kind === "text"
        ? [[spec.name, `Value for ${spec.name}`]]
        : spec.kind === "checkbox"
          ? [[spec.name, "yes"]]
          : spec.kind === "radio" || spec.kind === "dropdown"
            ? [[spec.name, spec.options[1]]]
            : [],
    ),
  );
  await timeFill(pdf, { fieldMappings: mappings }); // warm-up: module loading, font data
  const fromMappings: number[] = [];
  for (let run = 0; run < runs; run++) fromMappings.push((await timeFill(pdf, { fieldMappings: mappings })).seconds);
  const textSource = await makeTextPdf([sourceLines]);
  const fromText: number[] = [];
  let filledFromText = 0;
  for (let run = 0; run < runs; run++) {
    const { seconds, result } = await timeFill(pdf, { source: { fileName: "application.pdf", bytes: textSource } });
    fromText.push(seconds);
    filledFromText = result.fieldsFilled;
  }
  const scan = await renderTextImage(sourceLines, { fontSize: 36 });
  await timeFill(pdf, { source: { fileName: "warm.png", bytes: await renderTextImage(["warm up"]) } });
  const scanned = await timeFill(pdf, { source: { fileName: "application.png", bytes: scan } });
  console.log(
    `fill-speed: 30-field form from explicit mappings: ${median(fromMappings).toFixed(3)} s/form (median of ${runs})`,
  );
  console.log(
    `fill-speed: 30-field form from a text PDF source (15 values): ${median(fromText).toFixed(3)} s/form, ${filledFromText} fields filled`,
  );
  console.log(
    `fill-speed: 30-field form from a scanned PNG source (OCR): ${scanned.seconds.toFixed(3)} s/form, ${scanned.result.fieldsFilled} fields filled`,
  );
});

interface InventoryField {
  name: string;
  type: string;
  options?: string[] | null;
}

function readBack(document: PDFDocument, name: string): string | boolean | string[] | undefined {
  const field = document.getForm().getFieldMaybe(name);
  if (field instanceof PDFTextField) return field.getText();
  if (field instanceof PDFCheckBox) return field.isChecked();
  if (field instanceof PDFRadioGroup) return field.getSelected();
  if (field instanceof PDFDropdown || field instanceof PDFOptionList) return field.getSelected();
  return undefined;
}

it("corpus AcroForms", async () => {
  if (!existsSync(corpusForms)) {
    console.log("fill-speed: ../shared/corpus/02_acroform_pdfs not present; corpus figures skipped");
    return;
  }
  let expectedTotal = 0;
  let detectedTotal = 0;
  let writtenTotal = 0;
  let correctTotal = 0;
  for (const file of readdirSync(corpusForms)
    .filter((name) => name.endsWith(".pdf"))
    .sort()) {
    const inventory = JSON.parse(
      readFileSync(path.join(corpusForms, file.replace(/\.pdf$/, ".fields.json")), "utf8"),
    ) as { fields: InventoryField[] };
    const expected = inventory.fields.filter((field) => field.type !== "Button");
    const pdf = readFileSync(path.join(corpusForms, file));
    const mappings: Record<string, string> = {};
    for (const field of expected) {
      if (field.type === "TextField") mappings[field.name] = "Test 42";
      else if (field.type === "CheckBox") mappings[field.name] = "yes";
      else if (
        (field.type === "RadioGroup" || field.type === "Dropdown" || field.type === "OptionList") &&
        field.options?.length
      )
        mappings[field.name] = field.options.at(-1)!;
    }
    try {
      const { seconds, result } = await timeFill(pdf, { fieldMappings: mappings });
      const detected = new Set(result.details.map((detail) => detail.field_name));
      const found = expected.filter((field) => detected.has(field.name)).length;
      const output = await PDFDocument.load(result.pdf);
      let correct = 0;
      for (const [name, value] of Object.entries(mappings)) {
        const back = readBack(output, name);
        if (
          back === value ||
          back === true ||
          (Array.isArray(back) && back.includes(value)) ||
          (typeof back === "string" && value === "Test 42" && "Test 42".startsWith(back) && back.length > 0)
        )
          correct++;
      }
      expectedTotal += expected.length;
      detectedTotal += found;
      writtenTotal += Object.keys(mappings).length;
      correctTotal += correct;
      console.log(
        `fill-speed: ${file}: ${seconds.toFixed(3)} s, fields detected ${found}/${expected.length}, values read back ${correct}/${Object.keys(mappings).length}`,
      );
    } catch (error) {
      console.log(
        `fill-speed: ${file}: failed: ${error instanceof Error ? `${(error as { code?: string }).code ?? ""} ${error.message}` : String(error)}`,
      );
    }
  }
  console.log(
    `fill-speed: corpus total: fields detected ${detectedTotal}/${expectedTotal}, values read back ${correctTotal}/${writtenTotal}`,
  );
});
