import { PDFCheckBox, PDFDocument, PDFDropdown, PDFOptionList, PDFRadioGroup, PDFTextField } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { openPdf } from "@/lib/documents/pdf/load-pdf";
import { renderPdfPage } from "@/lib/documents/pdf/render-pdf-page";
import { readDocument } from "@/lib/documents/read-document";
import { inflatingPdf } from "@/lib/documents/testing/make-hostile-files";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import sharp from "sharp";
import { mapFieldMappings } from "../map/map-field-mappings";
import { parseInstructions } from "../map/parse-instructions";
import { makeFormPdf, type TestFieldSpec } from "../testing/make-form-pdf";
import { fillPdfForm } from "./fill-pdf-form";
import { readPdfForm } from "./read-pdf-form";

const specs: TestFieldSpec[] = [
  { kind: "text", name: "applicant.firstName", label: "First name", tooltip: "Given name of the applicant" },
  { kind: "text", name: "last_name", label: "Last name" },
  { kind: "text", name: "date", label: "Date (MM/DD/YYYY)" },
  { kind: "text", name: "remarks", label: "Remarks", multiline: true },
  { kind: "text", name: "code", label: "Code", maxLength: 4, comb: true },
  { kind: "checkbox", name: "married", label: "Married" },
  { kind: "radio", name: "contact", label: "Contact by", options: ["email", "phone"] },
  { kind: "dropdown", name: "country", label: "Country", options: ["Germany", "France", "Poland"] },
  { kind: "option_list", name: "languages", label: "Languages", options: ["English", "German", "Polish"] },
  { kind: "heading", label: "Section 3" },
  { kind: "text", name: "spouse", label: "Spouse name" },
  { kind: "signature", name: "signature", label: "Signature" },
  { kind: "button", name: "print", label: "Print" },
];

async function form() {
  const pdf = await makeFormPdf(specs);
  const fields = await readPdfForm({ pdf, pages: (await readDocument({ bytes: pdf })).pages });
  return { pdf, fields };
}

describe("readPdfForm", () => {
  it("finds every fillable field with labels, options and limits, and skips buttons", async () => {
    const { fields } = await form();
    expect(fields.map((field) => field.name)).toEqual([
      "applicant.firstName",
      "last_name",
      "date",
      "remarks",
      "code",
      "married",
      "contact",
      "country",
      "languages",
      "spouse",
      "signature",
    ]);
    const byName = Object.fromEntries(fields.map((field) => [field.name, field]));
    expect(byName["applicant.firstName"]).toMatchObject({
      kind: "text",
      tooltip: "Given name of the applicant",
      readableName: "first name",
      nearbyText: "First name",
    });
    expect(byName.date.valueType).toBe("date");
    expect(byName.remarks.multiline).toBe(true);
    expect(byName.code).toMatchObject({ maxLength: 4, comb: true });
    expect(byName.married).toMatchObject({ kind: "checkbox", label: "Married", onState: expect.any(String) });
    expect(byName.contact).toMatchObject({
      kind: "radio",
      options: ["email", "phone"],
      optionLabels: ["email", "phone"],
    });
    expect(byName.country.options).toEqual(["Germany", "France", "Poland"]);
    expect(byName.spouse.section).toBe("section 3");
    expect(byName.signature.kind).toBe("signature");
    expect(byName.last_name.box.x).toBeCloseTo(220 / 612, 2);
  });

  it("refuses a form whose object stream inflates past the limits before pdf-lib decodes it", async () => {
    await expect(readPdfForm({ pdf: inflatingPdf(512, { inObjectStream: true }) })).rejects.toMatchObject({
      code: "document_too_large",
      status: 413,
    });
  });

  it("refuses a PDF without a form", async () => {
    await expect(readPdfForm({ pdf: await makeTextPdf([["No form here"]]) })).rejects.toMatchObject({
      code: "no_form_fields",
    });
  });
});

describe("fillPdfForm", () => {
  it("writes every kind of field, non-Latin text included, and explains each value", async () => {
    const { pdf, fields } = await form();
    const plans = [
      mapFieldMappings(fields, {
        "applicant.firstName": "Ζωή",
        LAST_NAME: "Kowalczyk-Łukasiewicz",
        contact: "Phone",
        country: "poland",
        languages: ["English", "Polish"],
        remarks: "First line\nSecond line",
        code: "AB12",
        signature: "forged",
      }),
      parseInstructions({
        fields,
        instructions: "Tick married. Use today's date. Leave section 3 empty.",
        today: new Date("2025-03-07T12:00:00Z"),
      }),
    ];
    const result = await fillPdfForm({ pdf, fields, plans });
    const document = await PDFDocument.load(result.pdf);
    const formOut = document.getForm();
    expect((formOut.getField("applicant.firstName") as PDFTextField).getText()).toBe("Ζωή");
    expect((formOut.getField("last_name") as PDFTextField).getText()).toBe("Kowalczyk-Łukasiewicz");
    expect((formOut.getField("date") as PDFTextField).getText()).toBe("03/07/2025");
    expect((formOut.getField("remarks") as PDFTextField).getText()).toBe("First line\nSecond line");
    expect((formOut.getField("code") as PDFTextField).getText()).toBe("AB12");
    expect((formOut.getField("married") as PDFCheckBox).isChecked()).toBe(true);
    expect((formOut.getField("contact") as PDFRadioGroup).getSelected()).toBe("phone");
    expect((formOut.getField("country") as PDFDropdown).getSelected()).toEqual(["Poland"]);
    expect((formOut.getField("languages") as PDFOptionList).getSelected()).toEqual(["English", "Polish"]);
    expect((formOut.getField("spouse") as PDFTextField).getText()).toBeUndefined();
    const details = Object.fromEntries(result.details.map((detail) => [detail.field_name, detail]));
    expect(details.signature).toMatchObject({ filled: false, reason: expect.stringContaining("never signed") });
    expect(details.spouse).toMatchObject({ filled: false, reason: expect.stringContaining("Leave section 3 empty") });
    expect(details.married).toMatchObject({
      filled: true,
      source: "instruction",
      reason: 'instruction "Tick married"',
    });
    expect(details["applicant.firstName"].reason).toContain("Unicode font");
    expect(result.fieldsTotal).toBe(11);
    expect(result.fieldsFilled).toBe(9);
    for (const detail of result.details) {
      expect(detail.confidence).toBeGreaterThanOrEqual(0);
      expect(detail.confidence).toBeLessThanOrEqual(1);
    }
  });

  it("flattens keeping the checkbox mark visible and the signature field", async () => {
    const { pdf, fields } = await form();
    const married = fields.find((field) => field.name === "married")!;
    async function darkShareOfCheckbox(value: string): Promise<{ dark: number; fieldNames: string[] }> {
      const result = await fillPdfForm({
        pdf,
        fields,
        plans: [mapFieldMappings(fields, { married: value, last_name: "Doe" })],
        flatten: true,
      });
      const fieldNames = (await PDFDocument.load(result.pdf))
        .getForm()
        .getFields()
        .map((field) => field.getName());
      const rendered = await openPdf(result.pdf);
      try {
        const { png, width, height } = await renderPdfPage(await rendered.getPage(1), 144);
        const region = {
          left: Math.floor(married.box.x * width),
          top: Math.floor(married.box.y * height),
          width: Math.ceil(married.box.width * width),
          height: Math.ceil(married.box.height * height),
        };
        const { data, info } = await sharp(png).extract(region).greyscale().raw().toBuffer({ resolveWithObject: true });
        return { dark: [...data].filter((pixel) => pixel < 100).length / (info.width * info.height), fieldNames };
      } finally {
        await rendered.loadingTask.destroy();
      }
    }
    const checked = await darkShareOfCheckbox("yes");
    const unchecked = await darkShareOfCheckbox("no");
    expect(checked.fieldNames).toEqual(["signature"]);
    expect(checked.dark).toBeGreaterThan(unchecked.dark + 0.05);
  });
});
