import { conceptOf } from "../match/field-concepts";
import { bestFieldForPhrase, rankFieldsForPhrase } from "../match/field-labels";
import { nearestOption } from "../pdf/coerce-field-value";
import type { FieldAssignment, FillPlan, FormField } from "../types";
import { formatDateForField, isoDay } from "./format-date-for-field";

// The deterministic reader of natural-language instructions, for common requests: "use today's
// date", "tick married", "leave section 3 empty", "set name to Jane Doe", "my email is …",
// "City: Berlin". Clauses it cannot place are reported as unresolved, never guessed.

export function splitClauses(instructions: string): string[] {
  return instructions
    .split(
      /\r?\n|;|(?<=[.!?])\s+(?=[A-Z"'])|,\s+(?=(?:and\s+)?(?:tick|check|select|mark|untick|uncheck|set|fill|put|enter|write|use|leave|keep|skip)\b)|\s+and\s+(?=(?:tick|check|select|mark|untick|uncheck|set|fill|put|enter|write|use|leave|keep|skip|my|our)\b)/i,
    )
    .map((clause) =>
      clause
        .trim()
        .replace(/^[-*•\d.)\s]+(?=\p{L})/u, "")
        .replace(/[.!]+$/, "")
        .trim(),
    )
    .filter((clause) => clause.length > 0);
}

function unquote(text: string): string {
  return text
    .trim()
    .replace(/^["'“‘«](.*)["'”’»]$/s, "$1")
    .trim();
}

interface Context {
  fields: readonly FormField[];
  today: Date;
  plan: FillPlan;
}

function assign(context: Context, field: FormField, value: string, confidence: number, clause: string): void {
  const assignment: FieldAssignment = {
    fieldName: field.name,
    value,
    confidence: Math.round(confidence * 100) / 100,
    reason: `instruction "${clause}"`,
    source: "instruction",
  };
  context.plan.assignments.push(assignment);
}

function leaveEmpty(context: Context, target: string, clause: string): boolean {
  const section = target.match(/^(?:the\s+)?(section|part|teil|abschnitt|partie|step)\s+([0-9]+|[ivxlc]+|[a-z])$/i);
  const matches = section
    ? context.fields.filter((field) => field.section?.split(" ").at(-1) === section[2].toLowerCase())
    : rankFieldsForPhrase(context.fields, target.replace(/^(?:the\s+)?/i, "").replace(/\s+fields?$/i, ""), 0.7).map(
        (entry) => entry.field,
      );
  for (const field of matches)
    context.plan.exclusions.push({ fieldName: field.name, reason: `instruction "${clause}"` });
  return matches.length > 0;
}

function todaysDate(context: Context, target: string | undefined, clause: string): boolean {
  const today = isoDay(context.today);
  if (target) {
    const match = bestFieldForPhrase(context.fields, target);
    if (!match) return false;
    assign(context, match.field, formatDateForField(today, match.field), 0.95, clause);
    return true;
  }
  // Every empty date field that is not about a birth or another event (signature dates, "Date").
  const targets = context.fields.filter(
    (field) =>
      field.kind === "text" &&
      field.valueType === "date" &&
      !field.currentValue &&
      conceptOf(field.label)?.concept !== "date_of_birth",
  );
  for (const field of targets) assign(context, field, formatDateForField(today, field), 0.85, clause);
  return targets.length > 0;
}

function tick(context: Context, phrase: string, checked: boolean, clause: string): boolean {
  const checkbox = bestFieldForPhrase(
    context.fields.filter((field) => field.kind === "checkbox"),
    phrase,
    0.6,
  );
  let choice: { field: FormField; option: string; score: number } | undefined;
  if (checked) {
    for (const field of context.fields.filter(
      (candidate) => candidate.kind === "radio" || candidate.kind === "dropdown" || candidate.kind === "option_list",
    )) {
      const option = nearestOption(phrase, field.options ?? [], field.optionLabels);
      if (option && (!choice || option.score > choice.score))
        choice = { field, option: option.option, score: option.score };
    }
  }
  if (choice && (!checkbox || choice.score > checkbox.score)) {
    assign(context, choice.field, choice.option, 0.9 * choice.score, clause);
    return true;
  }
  if (!checkbox) return false;
  assign(context, checkbox.field, checked ? "yes" : "no", 0.9 * Math.max(checkbox.score, 0.8), clause);
  return true;
}

function setValue(context: Context, phrase: string, rawValue: string, clause: string): boolean {
  const value = unquote(rawValue);
  const target = phrase
    .replace(/^(?:the|my|our|your)\s+/i, "")
    .replace(/\s+(?:field|box)$/i, "")
    .trim();
  if (!value || !target) return false;
  const match = bestFieldForPhrase(
    context.fields.filter((field) => field.kind !== "signature"),
    target,
  );
  const concept = conceptOf(target)?.concept;
  if (concept === "full_name" && (!match || match.score < 0.8)) {
    const first = bestFieldForPhrase(context.fields, "first name", 0.8);
    const last = bestFieldForPhrase(context.fields, "last name", 0.8);
    const parts = value.split(/\s+/);
    if (first && last && parts.length >= 2) {
      assign(context, first.field, parts.slice(0, -1).join(" "), 0.85, clause);
      assign(context, last.field, parts.at(-1)!, 0.85, clause);
      return true;
    }
  }
  if (!match) return false;
  assign(context, match.field, value, 0.6 + 0.35 * match.score, clause);
  return true;
}

function applyClause(context: Context, clause: string): boolean {
  let match =
    clause.match(/^(?:please\s+)?(?:leave|keep)\s+(.+?)\s+(?:empty|blank|unfilled|untouched|as is)$/i) ??
    clause.match(/^(?:please\s+)?(?:do not|don't|dont|never)\s+fill(?:\s+in|\s+out)?\s+(.+)$/i) ??
    clause.match(/^skip\s+(.+)$/i);
  if (match) return leaveEmpty(context, match[1], clause);
  if (/\b(today'?s|todays|current)\s+date\b|\bdate\b.*\btoday\b|\bdate it today\b/i.test(clause)) {
    const target = clause.match(/\b(?:in|for|as|into|on)\s+(?:the\s+)?(.+?)(?:\s+fields?)?$/i)?.[1];
    return todaysDate(context, target && !/\b(today|date)$/i.test(target) ? target : undefined, clause);
  }
  match = clause.match(
    /^(?:please\s+)?(untick|uncheck|clear|deselect)\s+(?:the\s+)?(.+?)(?:\s+(?:box|checkbox|option))?$/i,
  );
  if (match) return tick(context, match[2], false, clause);
  match = clause.match(
    /^(?:please\s+)?(?:tick|check|select|mark|choose|pick|cross)\s+(?:the\s+)?(.+?)(?:\s+(?:box|checkbox|option))?$/i,
  );
  if (match && !/\s(?:to|as)\s/i.test(match[1])) return tick(context, match[1], true, clause);
  match = clause.match(/^(?:please\s+)?(?:set|fill(?:\s+in)?|make|change)\s+(.+?)\s+(?:to|as|=|with)\s+(.+)$/i);
  if (match) return setValue(context, match[1], match[2], clause);
  match = clause.match(/^(?:please\s+)?(?:put|enter|write|use|type|add)\s+(.+?)\s+(?:in|into|for|as|under)\s+(.+)$/i);
  if (match) return setValue(context, match[2], match[1], clause);
  match =
    clause.match(/^(?:my|our|the)\s+(.+?)\s+(?:is|are|=)\s+(.+)$/i) ??
    clause.match(/^([^:=]{2,60}?)\s*[:=]\s*(.+)$/) ??
    clause.match(/^(.{2,40}?)\s+(?:is|should be)\s+(.+)$/i);
  if (match) return setValue(context, match[1], match[2], clause);
  return false;
}

/** A plan from instructions, one clause at a time; unmatched clauses go to `unresolved`. */
export function parseInstructions(options: {
  fields: readonly FormField[];
  instructions: string;
  today?: Date;
}): FillPlan {
  const context: Context = {
    fields: options.fields,
    today: options.today ?? new Date(),
    plan: { assignments: [], exclusions: [], unresolved: [] },
  };
  for (const clause of splitClauses(options.instructions)) {
    if (!applyClause(context, clause))
      context.plan.unresolved.push(`instruction "${clause}" matches no field of the form`);
  }
  return context.plan;
}
