import {
  PDFButton,
  PDFCheckBox,
  PDFDropdown,
  PDFOptionList,
  PDFRadioGroup,
  PDFTextField,
  type PDFDocument,
  type PDFField,
} from "pdf-lib";
import type { CoercedValue } from "./coerce-field-value";
import { fitFontSize } from "./fit-font-size";
import { FillFonts } from "./unicode-font";

export type WritableValue = Extract<CoercedValue, { ok: true }>;

/** Writes one coerced value into its field with a fresh appearance; returns notes for the reason. */
export async function writeFieldValue(field: PDFField, value: WritableValue, fonts: FillFonts): Promise<string[]> {
  const notes: string[] = [];
  if (value.kind === "text" && field instanceof PDFTextField) {
    const { font, embedded, missing } = await fonts.fontFor(value.text);
    if (embedded) notes.push(`drawn with the embedded Unicode font ${embedded}`);
    if (missing.length > 0)
      notes.push(
        `no glyph for ${missing.slice(0, 5).join("")} in the embedded fonts: the value is stored but those characters are not drawn`,
      );
    field.setText(value.text);
    const size = fitFontSize(field, font, value.text);
    if (size !== undefined) notes.push(`font size reduced to ${size} pt to fit`);
    field.updateAppearances(font);
  } else if (value.kind === "checkbox" && field instanceof PDFCheckBox) {
    if (value.checked) field.check();
    else field.uncheck();
  } else if (value.kind === "choice" && field instanceof PDFRadioGroup) {
    field.select(value.options[0]);
  } else if (value.kind === "choice" && field instanceof PDFDropdown) {
    field.select(value.options[0]);
    await refreshAppearance(field, fonts);
  } else if (value.kind === "choice" && field instanceof PDFOptionList) {
    field.select(value.options);
    await refreshAppearance(field, fonts);
  } else {
    throw new Error(`Cannot write a ${value.kind} value into ${field.constructor.name} ${field.getName()}`);
  }
  return notes;
}

function shownText(field: PDFField): string {
  if (field instanceof PDFTextField) return field.getText() ?? "";
  if (field instanceof PDFDropdown || field instanceof PDFOptionList)
    return [...field.getOptions(), ...field.getSelected()].join("");
  return "";
}

/** Regenerates a field's appearance with a font that can draw its text. */
async function refreshAppearance(field: PDFTextField | PDFDropdown | PDFOptionList, fonts: FillFonts): Promise<void> {
  field.updateAppearances((await fonts.fontFor(shownText(field))).font);
}

/**
 * Gives every field that lacks an appearance one (checkboxes created without an on-state stream,
 * fields never drawn), so values show in every viewer, not only in those that regenerate appearances.
 */
export async function completeAppearances(document: PDFDocument, fonts: FillFonts): Promise<void> {
  for (const field of document.getForm().getFields()) {
    if (field instanceof PDFButton || !field.needsAppearancesUpdate()) continue;
    if (field instanceof PDFTextField || field instanceof PDFDropdown || field instanceof PDFOptionList)
      await refreshAppearance(field, fonts);
    else if (field instanceof PDFCheckBox || field instanceof PDFRadioGroup) field.defaultUpdateAppearances();
  }
}

export { FillFonts };
