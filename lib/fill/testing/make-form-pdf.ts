import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";

// Forms generated for tests and benchmarks: each field has its label printed to its left (or right,
// for checkboxes), as real forms do, so labelling from page text is exercised too.

export type TestFieldSpec =
  | {
      kind: "text";
      name: string;
      label: string;
      multiline?: boolean;
      maxLength?: number;
      comb?: boolean;
      tooltip?: string;
      fontSize?: number;
      width?: number;
    }
  | { kind: "checkbox"; name: string; label: string }
  | { kind: "radio"; name: string; label: string; options: string[] }
  | { kind: "dropdown"; name: string; label: string; options: string[] }
  | { kind: "option_list"; name: string; label: string; options: string[] }
  | { kind: "signature"; name: string; label: string }
  | { kind: "button"; name: string; label: string }
  | { kind: "heading"; label: string };

/** A one-or-more page AcroForm with the given fields laid out top to bottom. */
export async function makeFormPdf(specs: TestFieldSpec[]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const form = document.getForm();
  let page = document.addPage([612, 792]);
  let y = 740;
  for (const spec of specs) {
    const height = spec.kind === "text" && spec.multiline ? 60 : spec.kind === "option_list" ? 50 : 20;
    if (y - height < 50) {
      page = document.addPage([612, 792]);
      y = 740;
    }
    y -= height;
    if (spec.kind === "heading") {
      page.drawText(spec.label, { x: 50, y: y + 4, size: 13, font });
      y -= 8;
      continue;
    }
    if (spec.kind !== "checkbox") page.drawText(`${spec.label}:`, { x: 50, y: y + 6, size: 10, font });
    const box = { x: 220, y, width: 300, height, font };
    switch (spec.kind) {
      case "text": {
        const field = form.createTextField(spec.name);
        if (spec.multiline) field.enableMultiline();
        if (spec.maxLength) field.setMaxLength(spec.maxLength);
        if (spec.comb) field.enableCombing();
        field.addToPage(page, { ...box, width: spec.width ?? box.width });
        if (spec.fontSize) field.setFontSize(spec.fontSize);
        if (spec.tooltip) field.acroField.dict.set(PDFName.of("TU"), PDFString.of(spec.tooltip));
        break;
      }
      case "checkbox": {
        const field = form.createCheckBox(spec.name);
        field.addToPage(page, { x: 50, y, width: 14, height: 14 });
        page.drawText(spec.label, { x: 70, y: y + 3, size: 10, font });
        break;
      }
      case "radio": {
        const field = form.createRadioGroup(spec.name);
        spec.options.forEach((option, index) => {
          field.addOptionToPage(option, page, { x: 220 + index * 100, y, width: 14, height: 14 });
          page.drawText(option, { x: 238 + index * 100, y: y + 3, size: 10, font });
        });
        break;
      }
      case "dropdown": {
        const field = form.createDropdown(spec.name);
        field.addOptions(spec.options);
        field.addToPage(page, box);
        break;
      }
      case "option_list": {
        const field = form.createOptionList(spec.name);
        field.addOptions(spec.options);
        field.addToPage(page, box);
        break;
      }
      case "signature": {
        // pdf-lib cannot create signature fields; build the widget dictionary by hand.
        const widget = document.context.obj({
          Type: "Annot",
          Subtype: "Widget",
          FT: "Sig",
          T: PDFString.of(spec.name),
          Rect: [220, y, 520, y + height],
          F: 4,
          P: page.ref,
        });
        const ref = document.context.register(widget);
        page.node.addAnnot(ref);
        form.acroForm.addField(ref);
        break;
      }
      case "button": {
        const field = form.createButton(spec.name);
        field.addToPage(spec.label, page, { ...box, width: 80 });
        break;
      }
    }
    y -= 12;
  }
  return Buffer.from(await document.save());
}

/** A 30-field form of the kinds people fill most: personal data, address, choices. */
export function thirtyFieldSpecs(): TestFieldSpec[] {
  const specs: TestFieldSpec[] = [
    { kind: "text", name: "first_name", label: "First name" },
    { kind: "text", name: "last_name", label: "Last name" },
    { kind: "text", name: "date_of_birth", label: "Date of birth" },
    { kind: "text", name: "email", label: "Email" },
    { kind: "text", name: "phone", label: "Phone" },
    { kind: "text", name: "street", label: "Street" },
    { kind: "text", name: "city", label: "City" },
    { kind: "text", name: "zip", label: "ZIP code" },
    { kind: "text", name: "country", label: "Country" },
    { kind: "text", name: "company", label: "Company" },
    { kind: "text", name: "job_title", label: "Occupation" },
    { kind: "text", name: "nationality", label: "Nationality" },
    { kind: "text", name: "iban", label: "IBAN" },
    { kind: "text", name: "tax_id", label: "Tax ID" },
    { kind: "text", name: "website", label: "Website" },
  ];
  for (let index = 1; index <= 10; index++) specs.push({ kind: "text", name: `note_${index}`, label: `Note ${index}` });
  specs.push(
    { kind: "checkbox", name: "newsletter", label: "Send me the newsletter" },
    { kind: "checkbox", name: "terms", label: "I accept the terms" },
    { kind: "radio", name: "marital_status", label: "Marital status", options: ["single", "married"] },
    { kind: "dropdown", name: "title", label: "Title", options: ["Mr", "Ms", "Dr"] },
    { kind: "text", name: "comments", label: "Comments", multiline: true },
  );
  return specs;
}
