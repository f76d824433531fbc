import { normaliseLabel } from "../match/normalise-label";
import type { FormField } from "../types";

/** What will be written into a field, or why nothing can be. */
export type CoercedValue =
  | { ok: true; kind: "text"; text: string; display: string; factor: number; note?: string }
  | { ok: true; kind: "checkbox"; checked: boolean; display: string; factor: number; note?: string }
  | { ok: true; kind: "choice"; options: string[]; display: string; factor: number; note?: string }
  | { ok: false; reason: string };

const truthy = new Set([
  "yes",
  "y",
  "true",
  "1",
  "x",
  "on",
  "checked",
  "check",
  "tick",
  "ticked",
  "ja",
  "oui",
  "si",
  "sí",
  "da",
  "wahr",
  "vrai",
  "selected",
  "✓",
  "✔",
  "☑",
]);
const falsy = new Set([
  "no",
  "n",
  "false",
  "0",
  "off",
  "unchecked",
  "uncheck",
  "nein",
  "non",
  "falsch",
  "faux",
  "",
  "none",
  "-",
]);

/** Letters and digits in common, as a share of the longer text: a cheap nearness for options. */
function similarity(a: string, b: string): number {
  const left = normaliseLabel(a);
  const right = normaliseLabel(b);
  if (!left || !right) return 0;
  if (left === right) return 1;
  if (left.startsWith(right) || right.startsWith(left)) return 0.85;
  const leftWords = new Set(left.split(" "));
  const rightWords = right.split(" ");
  const shared = rightWords.filter((word) => leftWords.has(word)).length;
  return shared === 0 ? 0 : (0.7 * shared) / Math.max(leftWords.size, rightWords.length);
}

/** The option a value means: equal, case-insensitively equal, or nearest by words (≥ 0.5); labels of radio widgets count too. */
export function nearestOption(
  value: string,
  options: string[],
  optionLabels: string[] = [],
): { option: string; score: number } | undefined {
  const exact = options.find((option) => option === value);
  if (exact !== undefined) return { option: exact, score: 1 };
  let best: { option: string; score: number } | undefined;
  options.forEach((option, index) => {
    const score = Math.max(
      similarity(value, option),
      optionLabels[index] ? similarity(value, optionLabels[index]) * 0.95 : 0,
    );
    if (score >= 0.5 && (!best || score > best.score)) best = { option, score };
  });
  return best;
}

/**
 * A value as the field can hold it: "yes"/"true"/"x" tick a checkbox (its own on-state name too),
 * a radio or dropdown value is matched to the nearest option, text is cut to the field's max length.
 * `factor` (0–1) scales the assignment's confidence by how much the value had to be bent.
 */
export function coerceFieldValue(field: FormField, value: string): CoercedValue {
  const text = value.trim();
  switch (field.kind) {
    case "signature":
      return { ok: false, reason: "signature fields are reported, never signed on the user's behalf" };
    case "checkbox": {
      const lower = text.toLowerCase();
      if (field.onState && lower === field.onState.toLowerCase())
        return { ok: true, kind: "checkbox", checked: true, display: "checked", factor: 1 };
      if (truthy.has(lower)) return { ok: true, kind: "checkbox", checked: true, display: "checked", factor: 1 };
      if (falsy.has(lower)) return { ok: true, kind: "checkbox", checked: false, display: "unchecked", factor: 1 };
      if (normaliseLabel(text) && normaliseLabel(field.label).includes(normaliseLabel(text)))
        return {
          ok: true,
          kind: "checkbox",
          checked: true,
          display: "checked",
          factor: 0.8,
          note: `"${text}" names the checkbox`,
        };
      return { ok: false, reason: `"${text}" is neither yes nor no for a checkbox` };
    }
    case "radio":
    case "dropdown": {
      const options = field.options ?? [];
      const match = nearestOption(text, options, field.optionLabels);
      if (!match) return { ok: false, reason: `"${text}" matches none of the options ${JSON.stringify(options)}` };
      const note = match.score < 1 ? `"${text}" matched to option "${match.option}"` : undefined;
      return { ok: true, kind: "choice", options: [match.option], display: match.option, factor: match.score, note };
    }
    case "option_list": {
      const options = field.options ?? [];
      const wanted = text.split(/\s*[,;]\s*/).filter(Boolean);
      const matches = wanted.map((entry) => nearestOption(entry, options));
      if (matches.length === 0 || matches.some((match) => !match))
        return { ok: false, reason: `"${text}" is not among the options ${JSON.stringify(options)}` };
      const chosen = matches.map((match) => match!.option);
      const factor = Math.min(...matches.map((match) => match!.score));
      return { ok: true, kind: "choice", options: chosen, display: chosen.join(", "), factor };
    }
    case "text": {
      if (field.maxLength !== undefined && field.maxLength > 0 && text.length > field.maxLength) {
        const cut = text.slice(0, field.maxLength);
        return {
          ok: true,
          kind: "text",
          text: cut,
          display: cut,
          factor: 0.7,
          note: `cut to the field's maximum of ${field.maxLength} characters`,
        };
      }
      // A single-line field cannot show line breaks; they become spaces.
      const written = field.multiline ? value.replace(/\r\n?/g, "\n").trim() : text.replace(/\s*[\r\n]+\s*/g, " ");
      return { ok: true, kind: "text", text: written, display: written, factor: 1 };
    }
  }
}
