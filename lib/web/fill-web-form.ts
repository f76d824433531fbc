import type { ConfiguredModel } from "@/lib/ai/language-model";
import { parseDate, parseNumber } from "@/lib/extraction/entities/normalise-values";
import { currencyMismatches, currencyOf, documentCurrencyOf } from "./currency-mismatch";
import { planFill } from "@/lib/fill/map/plan-fill";
import { resolvePlan, unresolvedNotes } from "@/lib/fill/map/resolve-plan";
import { coerceFieldValue } from "@/lib/fill/pdf/coerce-field-value";
import type { FieldAssignment, FormField } from "@/lib/fill/types";
import type { SendEvent } from "@/lib/contracts/event-stream";
import { withWebSession } from "./acquire-web-session";
import { findWebField } from "./find-web-field";
import type { FillSource } from "./load-fill-sources";
import type { Navigation } from "./navigate-page";
import type { ResolveHost } from "./outbound-proxy";
import { scanWebForm, toWebFieldResponse, type WebField } from "./scan-web-form";
import { submitWebForm } from "./submit-web-form";
import { toFormFields } from "./to-form-fields";
import { updateWebForm, type DocumentFile, type FieldUpdateReport } from "./update-web-form";
import type { WebSession } from "./web-sessions";

export interface FillWebFormOptions {
  ownerId: string;
  /** The owner's fair share of the pool (see WebOwner). */
  share?: number;
  url?: string;
  sessionId?: string;
  sources: FillSource[];
  instructions?: string;
  /** Explicit values by field ref, name or label; they win over everything else. */
  values?: Record<string, string | boolean>;
  submit: boolean;
  maxSteps: number;
  ai: ConfiguredModel | null;
  send: SendEvent;
  signal: AbortSignal;
  loadDocument: (documentId: string) => Promise<DocumentFile>;
  /** Called as soon as the session exists, so a disconnect can close it. */
  onSession?: (session: WebSession) => void;
  resolveHost?: ResolveHost;
  today?: Date;
}

const screenshotOf = async (session: WebSession) => (await session.page.screenshot({ type: "png" })).toString("base64");

/**
 * Fills a web form from documents, streaming each step: navigated, fields, then per field its value
 * with its source and the action taken with a screenshot, then a summary. Values come from the fill
 * engine (explicit values, instructions, documents; the AI provider when configured, the deterministic
 * matcher otherwise). Each field is acted on once, at most maxSteps actions, and nothing is submitted
 * unless `submit`.
 */
export async function fillWebForm(options: FillWebFormOptions): Promise<{ session: WebSession }> {
  // The session stays open after the fill: the summary invites corrections with web-update.
  return withWebSession(
    {
      ownerId: options.ownerId,
      share: options.share,
      url: options.url,
      sessionId: options.sessionId,
      keepSession: true,
      resolveHost: options.resolveHost,
    },
    (session, navigation) => fillInSession(options, session, navigation),
  );
}

async function fillInSession(
  options: FillWebFormOptions,
  session: WebSession,
  navigation: Navigation | null,
): Promise<{ session: WebSession }> {
  const { send, signal } = options;
  options.onSession?.(session);
  send("navigated", {
    session_id: session.id,
    url: session.page.url(),
    title: await session.page.title(),
    status: navigation?.status ?? null,
    screenshot: await screenshotOf(session),
  });

  const scan = await scanWebForm(session);
  send("fields", {
    count: scan.fields.length,
    fields: scan.fields.map(toWebFieldResponse),
    submit_buttons: scan.submitButtons.map((button) => ({ ref: button.ref, label: button.label })),
  });

  const formFields = toFormFields(scan.fields);
  const { mappings, unmatched } = explicitMappings(scan.fields, options.values ?? {});
  const { plans, engine } = await planFill({
    fields: formFields,
    fieldMappings: mappings,
    instructions: options.instructions,
    sources: options.sources,
    ai: options.ai,
    today: options.today,
  });
  const decisions = resolvePlan(plans);

  const acted = new Set<string>();
  const reports: Array<FieldUpdateReport & { source: ReturnType<typeof sourceOf> }> = [];
  let steps = 0;
  // The values as the documents gave them (with their currency), before each field's form of them.
  const filledTexts: string[] = [];
  for (const field of formFields) {
    if (signal.aborted) return { session };
    const assignment = decisions.get(field.name)?.assignment;
    if (!assignment || acted.has(field.name)) continue;
    if (steps >= options.maxSteps) {
      unmatched.push(`stopped after max_steps (${options.maxSteps}) actions`);
      break;
    }
    acted.add(field.name);
    steps += 1;
    const webField = scan.fields.find((candidate) => candidate.ref === field.name) as WebField;
    const source = sourceOf(assignment, options.sources);
    const value = toWebValue(field, webField, assignment.value);
    filledTexts.push(assignment.value);
    send("value", {
      ref: field.name,
      label: field.label,
      value: value.text,
      source,
      ...(value.note ? { note: value.note } : {}),
    });
    const [report] = await updateWebForm({
      session,
      updates: [{ field: field.name, value: value.value }],
      loadDocument: options.loadDocument,
    });
    reports.push({ ...report, source });
    send("action", {
      step: steps,
      ref: field.name,
      label: field.label,
      status: report.status,
      value: report.value,
      reason: report.reason,
      screenshot: await screenshotOf(session),
    });
  }

  let submitted: { url: string; status: number | null; title: string } | null = null;
  if (options.submit && !signal.aborted) {
    const result = await submitWebForm({ session });
    submitted = { url: result.url, status: result.status, title: result.title };
    send("submitted", { ...submitted, navigated: result.navigated, screenshot: result.screenshot.toString("base64") });
  }
  // Pickers the fill did not touch keep their default; a currency default may contradict the document.
  const warnings = signal.aborted
    ? []
    : currencyMismatches({
        fields: (await scanWebForm(session)).fields,
        filledValues: filledTexts,
      });
  const filledRefs = new Set(
    reports
      .filter((report) => report.status !== "refused" && report.status !== "not_found")
      .map((report) => report.ref),
  );
  send("summary", {
    session_id: session.id,
    url: session.page.url(),
    engine,
    steps,
    filled: reports
      .filter((report) => filledRefs.has(report.ref))
      .map((report) => ({ ref: report.ref, label: report.label, value: report.value, source: report.source })),
    refused: reports
      .filter((report) => !filledRefs.has(report.ref))
      .map((report) => ({ ref: report.ref, label: report.label, reason: report.reason })),
    unfilled: scan.fields
      .filter((field) => !acted.has(field.ref))
      .map((field) => ({ ref: field.ref, label: field.label, required: field.required })),
    unresolved: [...unmatched, ...unresolvedNotes(plans)],
    warnings,
    document_currency: signal.aborted ? null : (documentCurrencyOf(filledTexts) ?? null),
    submitted: submitted !== null,
    result: submitted,
    message: submitted
      ? "Submitted."
      : "Stopped before submitting: review the page, correct with web-update, then call web-submit.",
  });
  return { session };
}

/** Explicit values keyed by the field's ref (the engine's field name); unknown keys are reported. */
function explicitMappings(fields: WebField[], values: Record<string, string | boolean>) {
  const mappings: Record<string, string> = {};
  const unmatched: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const field = findWebField(fields, key);
    if (field) mappings[field.ref] = String(value);
    else unmatched.push(`values["${key}"] matches no field of the page`);
  }
  return { mappings: Object.keys(mappings).length > 0 ? mappings : undefined, unmatched };
}

/** Where a value came from: the document (by id and name), page, box, confidence and reason. */
function sourceOf(assignment: FieldAssignment, sources: FillSource[]) {
  const document = assignment.sourceFile
    ? sources.find((source) => source.fileName === assignment.sourceFile)
    : undefined;
  return {
    kind: assignment.source,
    document_id: document?.documentId ?? null,
    document: assignment.sourceFile ?? null,
    page: assignment.page ?? null,
    box: assignment.box ?? null,
    confidence: Math.round(assignment.confidence * 1000) / 1000,
    reason: assignment.reason,
  };
}

/** The value in the form the page's control takes: ISO dates, plain numbers, option values, on/off. */
function toWebValue(
  field: FormField,
  webField: WebField,
  text: string,
): { value: string | boolean; text: string; note?: string } {
  if (field.kind === "checkbox" || field.kind === "radio" || field.kind === "dropdown") {
    const coerced = coerceFieldValue(field, text);
    if (!coerced.ok) return { value: text, text };
    if (coerced.kind === "checkbox") return { value: coerced.checked, text: coerced.display };
    if (coerced.kind === "choice") {
      const label = field.optionLabels?.[field.options?.indexOf(coerced.options[0]) ?? -1];
      return { value: coerced.options[0], text: label || coerced.display, note: coerced.note };
    }
  }
  if (webField.type === "date") {
    const iso = parseDate(text);
    return iso ? { value: iso, text, note: iso !== text ? `as ${iso}` : undefined } : { value: text, text };
  }
  // An amount field gets the number: "100.44 USD" typed into it would be refused or kept as text.
  if (webField.type !== "number" && looksLikeAmountField(webField) && currencyOf(text)) {
    const number = parseNumber(text);
    if (number !== null) return { value: String(number), text: String(number), note: `${text} without the currency` };
  }
  if (webField.type === "number") {
    const number = parseNumber(text);
    return number !== null
      ? { value: String(number), text, note: String(number) !== text ? `as ${number}` : undefined }
      : { value: text, text };
  }
  return { value: text, text };
}

const AMOUNT_WORDS = /(^|[^a-z])(amount|total|price|sum|subtotal|tax|vat|cost|fee|balance|betrag|montant)([^a-z]|$)/i;

/** A text field that takes an amount, by its label, name or id. */
function looksLikeAmountField(field: WebField): boolean {
  return (
    field.kind === "input" &&
    ["text", "", "tel"].includes(field.type) &&
    AMOUNT_WORDS.test(`${field.label} ${field.name.replace(/_/g, " ")} ${field.id.replace(/_/g, " ")}`)
  );
}
