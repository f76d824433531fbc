import {
  type PDFAcroField,
  PDFCheckBox,
  PDFDropdown,
  PDFHexString,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFString,
  PDFTextField,
  type PDFDocument,
  type PDFField,
  type PDFPage,
  type PDFWidgetAnnotation,
} from "pdf-lib";
import { clampBox } from "@/lib/pages/layout";
import type { Box } from "@/lib/pages/types";
import { AppError } from "@/lib/errors/app-error";
import { readableFieldName } from "../match/normalise-label";
import type { FormField, FormFieldKind } from "../types";

/** A widget of a field: where it is drawn, and for checkboxes and radios the state it turns on. */
export interface FieldWidget {
  page: number;
  box: Box;
  onState?: string;
}

export interface RawFormField extends Omit<FormField, "label" | "valueType" | "nearbyText" | "section"> {
  widgets: FieldWidget[];
}

function fieldKind(field: PDFField): FormFieldKind | null {
  if (field instanceof PDFTextField) return "text";
  if (field instanceof PDFCheckBox) return "checkbox";
  if (field instanceof PDFRadioGroup) return "radio";
  if (field instanceof PDFDropdown) return "dropdown";
  if (field instanceof PDFOptionList) return "option_list";
  if (field instanceof PDFSignature) return "signature";
  return null; // push buttons: nothing to fill
}

function tooltipOf(field: PDFField): string | undefined {
  for (let node: PDFAcroField | undefined = field.acroField; node; node = node.getParent()) {
    const value = node.dict.lookup(PDFName.of("TU"));
    if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText().trim() || undefined;
  }
  return undefined;
}

function currentValue(field: PDFField, onState: string | undefined): string | undefined {
  if (field instanceof PDFTextField) {
    // pdf-lib refuses to read rich-text values; their plain /V string is what viewers fall back to.
    if (field.isRichFormatted()) {
      const value = field.acroField.V();
      return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() || undefined : undefined;
    }
    return field.getText() || undefined;
  }
  if (field instanceof PDFCheckBox) return field.isChecked() ? (onState ?? "Yes") : undefined;
  if (field instanceof PDFRadioGroup) return field.getSelected() || undefined;
  if (field instanceof PDFDropdown || field instanceof PDFOptionList)
    return field.getSelected().join(", ") || undefined;
  return undefined;
}

/** Page number and box of every widget annotation, by the annotation's reference. */
function widgetPlacements(document: PDFDocument, pages: PDFPage[]) {
  const pageOfAnnotation = new Map<string, number>();
  pages.forEach((page, index) => {
    const annotations = page.node.Annots();
    for (let i = 0; annotations && i < annotations.size(); i++)
      pageOfAnnotation.set(annotations.get(i).toString(), index);
  });
  return (widget: PDFWidgetAnnotation): FieldWidget | undefined => {
    const ref = document.context.getObjectRef(widget.dict);
    const pointer = widget.P();
    let pageIndex = ref ? pageOfAnnotation.get(ref.toString()) : undefined;
    if (pageIndex === undefined && pointer) pageIndex = pages.findIndex((page) => page.ref === pointer);
    if (pageIndex === undefined || pageIndex < 0) return undefined;
    const view = pages[pageIndex].getCropBox();
    const rect = widget.getRectangle();
    const onValue = widget.getOnValue();
    return {
      page: pageIndex + 1,
      box: clampBox({
        x: (rect.x - view.x) / view.width,
        y: 1 - (rect.y + rect.height - view.y) / view.height,
        width: rect.width / view.width,
        height: rect.height / view.height,
      }),
      onState: onValue ? onValue.decodeText() : undefined,
    };
  };
}

/**
 * Every fillable field of an opened form with its kind, options, limits and widget positions.
 * Push buttons are left out; signature fields are listed (to be reported, never filled).
 */
export function readFormFields(document: PDFDocument): RawFormField[] {
  const pages = document.getPages();
  const place = widgetPlacements(document, pages);
  const fields: RawFormField[] = [];
  for (const field of document.getForm().getFields()) {
    const kind = fieldKind(field);
    if (!kind) continue;
    const widgets = field.acroField.getWidgets().flatMap((widget) => place(widget) ?? []);
    if (widgets.length === 0) continue; // a field no page shows cannot be filled visibly
    const name = field.getName();
    const onState = kind === "checkbox" ? widgets.find((widget) => widget.onState)?.onState : undefined;
    const entry: RawFormField = {
      name,
      kind,
      tooltip: tooltipOf(field),
      readableName: readableFieldName(name),
      readOnly: field.isReadOnly(),
      required: field.isRequired(),
      currentValue: currentValue(field, onState),
      page: widgets[0].page,
      box: widgets[0].box,
      widgets,
    };
    if (onState) entry.onState = onState;
    if (field instanceof PDFRadioGroup || field instanceof PDFDropdown || field instanceof PDFOptionList)
      entry.options = field.getOptions();
    if (field instanceof PDFTextField) {
      entry.maxLength = field.getMaxLength();
      entry.multiline = field.isMultiline();
      entry.comb = field.isCombed();
    }
    fields.push(entry);
  }
  if (fields.length === 0)
    throw new AppError(
      "no_form_fields",
      "The PDF's form has no fillable fields on any page (only buttons, or fields without widgets)",
    );
  return fields;
}
