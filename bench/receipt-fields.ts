import { parseDate, parseNumber } from "@/lib/extraction/entities/normalise-values";
import type { FieldDetail, SchemaField } from "@/lib/extraction/types";
import { characterErrorRate } from "@/lib/documents/testing/render-text-image";

// SROIE receipts' key fields scored as ../shared/tools/fields-score.mjs scores them, so the bench
// and the outside check print comparable figures: company and address equal once upper-cased with
// spaces and , . ; : ' " - dropped ("near": within 10% character edits), the date the same calendar
// day (the answers are copied from Malaysian receipts, written day-first), the total the same amount.
// A field reported at confidence ≥ 0.9 is "sure"; the share of sure fields that are right is what
// the confidence promises.

export const receiptSchema: SchemaField[] = [
  { name: "company", type: "string" },
  { name: "date", type: "date" },
  { name: "address", type: "string" },
  { name: "total", type: "number" },
];

export const sureConfidence = 0.9;

const tight = (text: string) =>
  text
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s,.;:'"`-]+/g, "");

export function receiptFieldRight(name: string, expected: string, found: string | null): boolean {
  if (found === null || found === "") return false;
  if (name === "date") {
    const day = parseDate(expected, "day-first");
    return day !== null && parseDate(found, "day-first") === day;
  }
  if (name === "total") {
    const [a, b] = [parseNumber(expected), parseNumber(found)];
    return a !== null && b !== null && Math.abs(a - b) < 0.005;
  }
  return tight(expected) === tight(found);
}

export function receiptFieldNear(name: string, expected: string, found: string | null): boolean {
  if (receiptFieldRight(name, expected, found)) return true;
  if (found === null || (name !== "company" && name !== "address")) return false;
  const [a, b] = [tight(expected), tight(found)];
  const edits = characterErrorRate(a, b) * a.length;
  return a.length > 0 && 1 - edits / Math.max(a.length, b.length) >= 0.9;
}

export interface ReceiptTally {
  receipts: number;
  right: Record<string, number>;
  near: Record<string, number>;
  /** Fields with a value reported at ≥ sureConfidence, and how many of those are right. */
  sure: number;
  sureRight: number;
  /** Fields with a value by confidence band (lower bounds in confidenceBands), and how many are right. */
  bands: Array<{ fields: number; right: number; confidence: number }>;
  /** Misses by field and class ("company: misread"), see missClass. */
  misses: Record<string, number>;
}

/**
 * Why a field was missed, as far as the value tells: nothing found; the right text misread (within
 * 10% character edits); a name or address cut short or run on (one holds the other); or another
 * line, date or amount taken.
 */
export function missClass(name: string, expected: string, found: string | null): string {
  if (found === null || found === "") return "nothing found";
  if (receiptFieldNear(name, expected, found)) return "misread";
  if (name === "company" || name === "address") {
    const [a, b] = [tight(expected), tight(found)];
    if (a.includes(b) || b.includes(a)) return "cut short or run on";
    return "another line";
  }
  return name === "date" ? "another date or misread" : "another amount or misread";
}

/** Lower bounds of the bands the calibration is shown in: a band's right-rate should be near its confidences. */
const confidenceBands = [0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95];

export function newTally(): ReceiptTally {
  const zero = () => Object.fromEntries(receiptSchema.map((field) => [field.name, 0]));
  const bands = confidenceBands.map(() => ({ fields: 0, right: 0, confidence: 0 }));
  return { receipts: 0, right: zero(), near: zero(), sure: 0, sureRight: 0, bands, misses: {} };
}

/** Adds one receipt; returns the fields it got wrong, with what was found and what was expected. */
export function tallyReceipt(
  tally: ReceiptTally,
  expected: Record<string, string>,
  details: FieldDetail[],
): Array<{ field: string; found: string | null; expected: string; confidence: number; reason?: string }> {
  tally.receipts++;
  const misses = [];
  for (const { name } of receiptSchema) {
    const detail = details.find((candidate) => candidate.name === name);
    const found = detail?.value ?? null;
    const right = receiptFieldRight(name, expected[name] ?? "", found);
    tally.right[name] += Number(right);
    tally.near[name] += Number(receiptFieldNear(name, expected[name] ?? "", found));
    const confidence = detail?.confidence ?? 0;
    if (found !== null && found !== "") {
      const band = tally.bands[confidenceBands.findLastIndex((from) => confidence >= from)];
      band.fields++;
      band.right += Number(right);
      band.confidence += confidence;
    }
    if (found !== null && found !== "" && confidence >= sureConfidence) {
      tally.sure++;
      tally.sureRight += Number(right);
    }
    if (!right) {
      const missed = `${name}: ${missClass(name, expected[name] ?? "", found)}`;
      tally.misses[missed] = (tally.misses[missed] ?? 0) + 1;
    }
    if (!right)
      misses.push({
        field: name,
        found,
        expected: expected[name] ?? "",
        confidence: detail?.confidence ?? 0,
        reason: detail?.reason,
      });
  }
  return misses;
}

const figure = (part: number, whole: number) => (whole === 0 ? "n/a" : (part / whole).toFixed(3));

export function describeTally(tally: ReceiptTally): string[] {
  const fields = receiptSchema.map((field) => field.name);
  const perField = (counts: Record<string, number>) =>
    fields.map((name) => `${name} ${figure(counts[name], tally.receipts)}`).join(", ");
  const all = (counts: Record<string, number>) =>
    figure(
      fields.reduce((sum, name) => sum + counts[name], 0),
      fields.length * tally.receipts,
    );
  const fieldCount = fields.length * tally.receipts;
  return [
    `sroie (${tally.receipts} receipts): ours ${perField(tally.right)} | near ${perField(tally.near)}`,
    `sroie confidence >= ${sureConfidence}: ${tally.sure} of ${fieldCount} fields (${figure(tally.sure, fieldCount)}), right ${figure(tally.sureRight, tally.sure)}`,
    `sroie calibration (fields with a value, by confidence: how many, mean confidence, share right): ${tally.bands
      .map((band, index) =>
        band.fields === 0
          ? ""
          : `${confidenceBands[index]}–${confidenceBands[index + 1] ?? 1}: ${band.fields} at ${(band.confidence / band.fields).toFixed(2)}, right ${figure(band.right, band.fields)}`,
      )
      .filter(Boolean)
      .join("; ")}`,
    `sroie misses by class: ${
      Object.entries(tally.misses)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([miss, count]) => `${miss} ${count}`)
        .join("; ") || "none"
    }`,
    `SROIE field accuracy ours ${all(tally.right)} (near ${all(tally.near)}), sure ${figure(tally.sure, fieldCount)} right ${figure(tally.sureRight, tally.sure)}`,
  ];
}
