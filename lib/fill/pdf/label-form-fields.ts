import type { Box, Page, Word } from "@/lib/pages/types";
import { conceptOf } from "../match/field-concepts";
import { isMeaningfulLabel } from "../match/normalise-label";
import type { FieldValueType, FormField } from "../types";
import type { RawFormField } from "./read-form-fields";

// A field's printed label is the text right next to its widget: on the same row to the left (text
// fields) or to the right (checkboxes, radio options), else on the row just above. Distances are in
// page fractions, so they hold for any page size.

const maxRowGap = 0.035; // between words of one label (about 20 pt on a letter page)
const maxLeftDistance = 0.3;
const maxAboveDistance = 0.035;
const maxLabelWords = 10;
const sectionPattern =
  /^(section|part|teil|abschnitt|partie|seccion|sección|parte|schritt|step)\s+([0-9]+|[ivxlc]+|[a-z])\b/i;

function centreY(box: Box): number {
  return box.y + box.height / 2;
}

function onRow(word: Word, box: Box): boolean {
  const centre = centreY(word.box);
  return centre >= box.y - box.height * 0.25 && centre <= box.y + box.height * 1.25;
}

function joinRun(words: Word[]): string {
  return words
    .map((word) => word.text)
    .join(" ")
    .replace(/[\s:._]+$/, "")
    .trim();
}

/** Words on the field's row, walking away from it until a wide gap. */
function rowRun(words: Word[], box: Box, side: "left" | "right"): string | undefined {
  const row = words.filter(
    (word) =>
      onRow(word, box) &&
      (side === "left" ? word.box.x + word.box.width <= box.x + 0.01 : word.box.x >= box.x + box.width - 0.01),
  );
  row.sort((a, b) => (side === "left" ? b.box.x - a.box.x : a.box.x - b.box.x));
  const first = row[0];
  if (!first) return undefined;
  const distance = side === "left" ? box.x - (first.box.x + first.box.width) : first.box.x - (box.x + box.width);
  if (distance > maxLeftDistance) return undefined;
  const run = [first];
  for (const word of row.slice(1)) {
    const previous = run[run.length - 1];
    const gap =
      side === "left"
        ? previous.box.x - (word.box.x + word.box.width)
        : word.box.x - (previous.box.x + previous.box.width);
    if (gap > maxRowGap || run.length >= maxLabelWords) break;
    run.push(word);
  }
  if (side === "left") run.reverse();
  return joinRun(run) || undefined;
}

function aboveRun(words: Word[], box: Box): string | undefined {
  const above = words.filter((word) => {
    const bottom = word.box.y + word.box.height;
    const overlaps = word.box.x < box.x + box.width && word.box.x + word.box.width > box.x - 0.01;
    return overlaps && bottom <= box.y + box.height * 0.3 && box.y - bottom <= maxAboveDistance;
  });
  if (above.length === 0) return undefined;
  const lowest = Math.max(...above.map((word) => word.box.y + word.box.height));
  const row = above
    .filter((word) => lowest - (word.box.y + word.box.height) < word.box.height * 0.5)
    .sort((a, b) => a.box.x - b.box.x);
  return joinRun(row.slice(0, maxLabelWords)) || undefined;
}

function nearbyText(page: Page | undefined, box: Box, preferRight: boolean): string | undefined {
  if (!page) return undefined;
  const words = page.words.filter((word) => !overlaps(word.box, box));
  if (preferRight) return rowRun(words, box, "right") ?? rowRun(words, box, "left") ?? aboveRun(words, box);
  return rowRun(words, box, "left") ?? aboveRun(words, box);
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
}

function sectionOf(field: RawFormField, page: Page | undefined): string | undefined {
  const fromName = field.name.match(/(section|part|sec|teil|abschnitt)[\s_-]*([0-9]+|[ivx]+)\b/i);
  if (fromName) return `${fromName[1].toLowerCase().replace(/^sec$/, "section")} ${fromName[2].toLowerCase()}`;
  if (!page) return undefined;
  let best: { line: string; distance: number } | undefined;
  for (const line of page.lines) {
    const match = line.text.trim().match(sectionPattern);
    const distance = field.box.y - (line.box.y + line.box.height);
    if (!match || distance < -0.005) continue;
    if (!best || distance < best.distance)
      best = { line: `${match[1].toLowerCase()} ${match[2].toLowerCase()}`, distance };
  }
  return best?.line;
}

function valueTypeOf(field: RawFormField, labels: string[]): FieldValueType {
  if (field.kind === "checkbox") return "boolean";
  if (field.kind === "signature") return "signature";
  if (field.kind !== "text") return "choice";
  const text = labels.join(" ");
  if (/\b(mm|dd)\s*[/.-]\s*(dd|mm)\s*[/.-]\s*(yy|yyyy|jjjj|aaaa)\b/i.test(text)) return "date";
  const concept = labels.map((label) => conceptOf(label)).find((match) => match !== null)?.concept;
  if (concept === "date" || concept === "date_of_birth") return "date";
  if (concept === "email") return "email";
  if (concept === "phone") return "phone";
  if (concept === "total" || /\b(amount|quantity|qty|price|number of)\b/i.test(text)) return "number";
  return "text";
}

/**
 * Gives each field its human labels (tooltip, nearby page text, readable name), section and value
 * type, using the pages the reading engine produced for the same PDF (empty when unavailable).
 */
export function labelFormFields(fields: RawFormField[], pages: Page[]): FormField[] {
  return fields.map((raw) => {
    const page = pages.find((candidate) => candidate.pageNumber === raw.page);
    const nearby = nearbyText(page, raw.box, raw.kind === "checkbox");
    const { widgets, ...field } = raw;
    const labels = [field.tooltip, nearby, field.readableName].filter((label): label is string => Boolean(label));
    const label = labels.find((candidate) => isMeaningfulLabel(candidate)) ?? field.tooltip ?? field.readableName;
    const result: FormField = { ...field, label, valueType: valueTypeOf(raw, labels) };
    if (nearby) result.nearbyText = nearby;
    const section = sectionOf(raw, page);
    if (section) result.section = section;
    if (raw.kind === "radio" && raw.options) {
      // pdf-lib lists a radio group's options in widget order (from /Opt, or the on-states).
      result.optionLabels = raw.options.map((option, index) => {
        const widget = widgets.find((candidate) => candidate.onState === option) ?? widgets[index];
        const widgetPage = widget && pages.find((candidate) => candidate.pageNumber === widget.page);
        return (widget && nearbyText(widgetPage, widget.box, true)) ?? "";
      });
    }
    return result;
  });
}
