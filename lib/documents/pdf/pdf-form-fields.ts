import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { clampBox } from "@/lib/pages/layout";
import type { FormFieldValue } from "@/lib/pages/types";

interface WidgetAnnotation {
  subtype: string;
  fieldName?: string;
  fieldValue?: unknown;
  alternativeText?: string;
  rect: number[];
  checkBox?: boolean;
  radioButton?: boolean;
  exportValue?: string;
  buttonValue?: string;
}

function fieldValueText(annotation: WidgetAnnotation): string | undefined {
  const value = annotation.fieldValue;
  if (annotation.checkBox || annotation.radioButton) {
    if (typeof value !== "string" || value === "Off" || value === "") return undefined;
    if (annotation.radioButton && annotation.buttonValue && annotation.buttonValue !== value) return undefined;
    return value;
  }
  if (Array.isArray(value)) return value.filter((entry) => typeof entry === "string").join(", ") || undefined;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** Values of filled AcroForm fields on a page, with their boxes normalised to the page. */
export async function readPdfFormFields(page: PDFPageProxy): Promise<FormFieldValue[]> {
  const viewport = page.getViewport({ scale: 1 });
  const annotations = (await page.getAnnotations({ intent: "display" })) as WidgetAnnotation[];
  const fields: FormFieldValue[] = [];
  for (const annotation of annotations) {
    if (annotation.subtype !== "Widget" || !annotation.fieldName) continue;
    const value = fieldValueText(annotation);
    if (value === undefined) continue;
    const [x1, y1] = viewport.convertToViewportPoint(annotation.rect[0], annotation.rect[1]) as number[];
    const [x2, y2] = viewport.convertToViewportPoint(annotation.rect[2], annotation.rect[3]) as number[];
    fields.push({
      name: annotation.alternativeText || annotation.fieldName,
      value,
      box: clampBox({
        x: Math.min(x1, x2) / viewport.width,
        y: Math.min(y1, y2) / viewport.height,
        width: Math.abs(x2 - x1) / viewport.width,
        height: Math.abs(y2 - y1) / viewport.height,
      }),
    });
  }
  return fields;
}
