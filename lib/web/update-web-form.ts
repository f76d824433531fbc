import { checkboxState, findOption, findWebField } from "./find-web-field";
import { locateRef, scanWebForm, type WebField } from "./scan-web-form";
import type { WebSession } from "./web-sessions";

export interface FieldUpdate {
  /** A field's ref, name or label. */
  field: string;
  value?: string | boolean;
  /** For file inputs: one of the caller's documents. */
  documentId?: string;
}

export type FieldUpdateStatus = "typed" | "selected" | "checked" | "unchecked" | "attached" | "not_found" | "refused";

export interface FieldUpdateReport {
  field: string;
  ref: string | null;
  label: string | null;
  status: FieldUpdateStatus;
  value: string | null;
  reason: string | null;
}

export interface DocumentFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export interface UpdateWebFormOptions {
  session: WebSession;
  updates: FieldUpdate[];
  /** Reads one of the caller's documents for a file input (ownership checked by the caller's loader). */
  loadDocument: (documentId: string) => Promise<DocumentFile>;
}

/**
 * Types values into fields and never submits. Each update says what happened: typed, selected,
 * checked, attached, or not found / refused with the reason (a disabled field, an option that does not
 * exist, a value the field's type does not accept).
 */
export async function updateWebForm(options: UpdateWebFormOptions): Promise<FieldUpdateReport[]> {
  const { session } = options;
  if (session.fields.length === 0) await scanWebForm(session);
  const reports: FieldUpdateReport[] = [];
  for (const update of options.updates) {
    const field = findWebField(session.fields, update.field);
    if (!field) {
      reports.push({
        field: update.field,
        ref: null,
        label: null,
        status: "not_found",
        value: null,
        reason: "No field has this reference, name or label (or several do)",
      });
      continue;
    }
    const report = (
      status: FieldUpdateStatus,
      value: string | null,
      reason: string | null = null,
    ): FieldUpdateReport => ({
      field: update.field,
      ref: field.ref,
      label: field.label,
      status,
      value,
      reason,
    });
    try {
      reports.push(await applyUpdate(options, field, update, report));
    } catch (error) {
      const message =
        error instanceof Error ? error.message.split("\n")[0].replace(/^locator\.\w+: /, "") : String(error);
      reports.push(report("refused", null, message));
    }
  }
  await scanWebForm(session);
  return reports;
}

async function applyUpdate(
  options: UpdateWebFormOptions,
  field: WebField,
  update: FieldUpdate,
  report: (status: FieldUpdateStatus, value: string | null, reason?: string | null) => FieldUpdateReport,
): Promise<FieldUpdateReport> {
  const { page } = options.session;
  if (field.disabled) return report("refused", null, "The field is disabled");
  if (field.kind === "file") {
    if (!update.documentId) return report("refused", null, "A file input takes a document: give document_id");
    const file = await options.loadDocument(update.documentId);
    await (await locateRef(page, field.ref)).locator.setInputFiles(file);
    return report("attached", file.name);
  }
  const value = update.value;
  if (value === undefined) return report("refused", null, "No value given");
  if (field.kind === "checkbox") {
    const state = checkboxState(value, field);
    if (state === null) return report("refused", null, `"${String(value)}" is neither on nor off`);
    await (await locateRef(page, field.ref)).locator.setChecked(state);
    return report(state ? "checked" : "unchecked", String(state));
  }
  const text = String(value);
  if (field.kind === "listbox") return chooseListboxOption(options.session, field, text, report);
  if (field.kind === "radio" || field.kind === "select") {
    const option = findOption(field.options ?? [], text);
    if (!option)
      return report(
        "refused",
        null,
        `No option "${text}"; options: ${(field.options ?? []).map((choice) => choice.label || choice.value).join(", ")}`,
      );
    if (field.kind === "radio") await (await locateRef(page, option.ref ?? field.ref)).locator.check();
    else await (await locateRef(page, field.ref)).locator.selectOption({ value: option.value });
    return report("selected", option.label || option.value);
  }
  await (await locateRef(page, field.ref)).locator.fill(text);
  return report("typed", text);
}

/**
 * A custom dropdown: a combobox is opened by a click first (its options may exist only while open, so
 * the page is scanned again to mark them), then the option is clicked as a person would.
 */
async function chooseListboxOption(
  session: WebSession,
  field: WebField,
  text: string,
  report: (status: FieldUpdateStatus, value: string | null, reason?: string | null) => FieldUpdateReport,
): Promise<FieldUpdateReport> {
  const { locator } = await locateRef(session.page, field.ref);
  let current = field;
  if (field.type === "combobox" && (await locator.getAttribute("aria-expanded")) !== "true") {
    await locator.click();
    await scanWebForm(session);
    current = session.fields.find((candidate) => candidate.ref === field.ref) ?? field;
  }
  const option = findOption(current.options ?? [], text);
  if (!option?.ref) {
    if (field.type === "combobox") await locator.press("Escape");
    const choices = (current.options ?? []).map((choice) => choice.label || choice.value).join(", ");
    return report("refused", null, `No option "${text}"; options: ${choices || "none shown"}`);
  }
  await (await locateRef(session.page, option.ref)).locator.click();
  return report("selected", option.label || option.value);
}
