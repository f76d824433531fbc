import type { FieldValueType, FormField, FormFieldKind } from "@/lib/fill/types";
import type { WebField } from "./scan-web-form";

const KIND: Record<WebField["kind"], FormFieldKind | null> = {
  input: "text",
  textarea: "text",
  checkbox: "checkbox",
  radio: "radio",
  select: "dropdown",
  listbox: "dropdown",
  // The fill engine decides values, not files; file inputs are filled by web-update with a document.
  file: null,
};

const VALUE_TYPE: Record<string, FieldValueType> = {
  email: "email",
  number: "number",
  date: "date",
  tel: "phone",
  checkbox: "boolean",
  radio: "choice",
  select: "choice",
  "select-multiple": "choice",
  combobox: "choice",
  listbox: "choice",
};

/**
 * A web page's fields in the shape the fill engine (lib/fill) maps values to, so the same deterministic
 * matcher and AI mapper that fill PDF forms fill web forms. A field's engine name is its ref.
 */
export function toFormFields(fields: WebField[]): FormField[] {
  return fields.flatMap((field): FormField[] => {
    const kind = KIND[field.kind];
    if (!kind || field.disabled) return [];
    const options = field.options?.filter((option) => option.value !== "" || option.label !== "");
    return [
      {
        name: field.ref,
        kind,
        label: field.label || field.accessibleName || field.name,
        tooltip:
          field.accessibleName && field.accessibleName !== field.label
            ? field.accessibleName
            : field.placeholder || undefined,
        readableName: field.name || field.label,
        valueType: VALUE_TYPE[field.type] ?? "text",
        ...(options
          ? { options: options.map((option) => option.value), optionLabels: options.map((option) => option.label) }
          : {}),
        ...(field.kind === "checkbox" ? { onState: field.value || "on" } : {}),
        multiline: field.kind === "textarea",
        readOnly: false,
        required: field.required,
        currentValue: field.value || undefined,
        page: 1,
        box: { x: 0, y: 0, width: 0, height: 0 },
      },
    ];
  });
}
