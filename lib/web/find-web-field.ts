import type { DomOption } from "./dom-fields";
import type { WebField } from "./scan-web-form";

const normalise = (text: string) => text.toLowerCase().replace(/[*:]+/g, " ").replace(/\s+/g, " ").trim();

/**
 * The field a caller means: its reference, else its name, else its label (exact, then the only label
 * that contains the words). Null when nothing, or more than one field, fits.
 */
export function findWebField(fields: WebField[], key: string): WebField | null {
  const byRef = fields.find((field) => field.ref === key);
  if (byRef) return byRef;
  const byName = fields.filter((field) => field.name === key || field.id === key);
  if (byName.length === 1) return byName[0];
  const wanted = normalise(key);
  if (!wanted) return null;
  const labels = (field: WebField) =>
    [field.label, field.accessibleName ?? "", field.placeholder].map(normalise).filter(Boolean);
  const exact = fields.filter((field) => labels(field).includes(wanted) || normalise(field.name) === wanted);
  if (exact.length === 1) return exact[0];
  const partial = fields.filter((field) => labels(field).some((label) => label.includes(wanted)));
  return partial.length === 1 ? partial[0] : null;
}

/** The option of a select or radio group matching a label or value (case and spacing ignored). */
export function findOption(options: DomOption[], wanted: string): DomOption | undefined {
  const text = normalise(wanted);
  return (
    options.find((option) => option.value === wanted) ??
    options.find((option) => normalise(option.label) === text) ??
    options.find((option) => normalise(option.value) === text) ??
    (text.length >= 3 ? options.find((option) => normalise(option.label).startsWith(text)) : undefined)
  );
}

const TRUE_WORDS = new Set(["true", "yes", "on", "1", "checked", "x", "ja", "oui"]);
const FALSE_WORDS = new Set(["false", "no", "off", "0", "unchecked", "", "nein", "non"]);

/** A checkbox value as on/off, or null when it is neither. */
export function checkboxState(value: string | boolean, field: WebField): boolean | null {
  if (typeof value === "boolean") return value;
  const text = normalise(value);
  if (TRUE_WORDS.has(text) || (field.value && text === normalise(field.value))) return true;
  if (FALSE_WORDS.has(text)) return false;
  return null;
}
