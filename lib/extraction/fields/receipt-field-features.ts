import type { Box, Page } from "@/lib/pages/types";
import type { DateCandidate } from "./document-date";
import type { HeadLineFacts, IssuerCandidate } from "./issuer-header";
import type { TotalCandidate } from "./receipt-totals";
import { totalLabelStrength } from "@/lib/text/total-labels";

// What the receipt field rankers see of a candidate: only what OCR of a page also gives (line
// text, boxes, order, word confidences), so a model trained on annotated text lines scores an OCR'd
// scan the same way. Positions are shares of the printed area (the lines' extent, not the image:
// a photo's margins vary), sizes relative to the page's median line, text by its shape (capitals,
// digits, length) and its cues (a legal form, a label's kind, a postcode), and each candidate's
// neighbours. The names below are the columns of the trained models (in this order).

export const totalFeatureNames = [
  "kind_final",
  "kind_total_with_tax",
  "kind_total",
  "kind_subtotal",
  "kind_tendered",
  "kind_other",
  "label_strength",
  "check_payment",
  "check_parts",
  "check_summary",
  "check_repeated",
  "checks_disagreeing",
  "table_row",
  "before_payment",
  "rel_y",
  "from_bottom",
  "from_bottom_share",
  "largest",
  "share_of_largest",
  "same_value_count",
  "total_labels_after",
  "at_least_subtotals",
  "word_confidence",
  "weakest_word",
  "five_cents",
  "label_length",
  "candidates",
] as const;

export const dateFeatureNames = [
  "labelled",
  "repaired",
  "against_order",
  "order_unknown",
  "order_guessed",
  "written_month",
  "rel_y",
  "rank",
  "rank_share",
  "count",
  "repeats",
  "word_confidence",
  "time_on_line",
  "other_date_label",
  "four_digit_year",
] as const;

export const companyFeatureNames = [
  "first",
  "first_share",
  "lines",
  "rel_y",
  "name_like_first",
  "name_like_all",
  "legal_form",
  "legal_form_last",
  "registration",
  "second_only_legal_form",
  "wraps_after",
  "next_identifier",
  "next_address",
  "next_stop",
  "name_like_above",
  "legal_form_above",
  "to_first_address",
  "caps",
  "digits",
  "letters",
  "words",
  "stop",
  "date",
  "column_headings",
  "address_first",
  "priced",
  "phone",
  "height",
  "off_centre",
  "width",
  "mean_confidence",
  "weakest_word",
  "ampersand",
  "page_lines",
] as const;

export const addressFeatureNames = [
  "first",
  "rel_y",
  "lines",
  "foot",
  "address_share",
  "address_first",
  "address_last",
  "all_continue",
  "postcode",
  "postcode_last",
  "comma_ends",
  "next_exists",
  "next_stop",
  "next_phone",
  "next_address",
  "next_continues",
  "prev_exists",
  "prev_legal_form",
  "prev_identifier",
  "prev_name_like",
  "prev_address",
  "digits",
  "caps",
  "length",
  "mean_confidence",
  "weakest_word",
  "widest_gap",
  "gap_before",
  "gap_after",
  "height",
  "from_first_address",
  "name_like_inside",
  "legal_form_inside",
  "registration_inside",
] as const;

const flag = (value: boolean) => (value ? 1 : 0);
const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Capitals among letters, digits among characters other than spaces. */
function shape(text: string): { caps: number; digits: number; letters: number } {
  const letters = text.replace(/[^\p{L}]/gu, "");
  const visible = text.replace(/\s/g, "");
  return {
    caps: letters.length === 0 ? 0 : letters.replace(/[^\p{Lu}]/gu, "").length / letters.length,
    digits: visible.length === 0 ? 0 : visible.replace(/\D/g, "").length / visible.length,
    letters: letters.length,
  };
}

/** The printed area of a page: the top and height of its lines' extent, and its lines' median height. */
function printedArea(page: Page | undefined): {
  top: number;
  height: number;
  left: number;
  width: number;
  line: number;
} {
  const boxes = (page?.lines ?? []).map((line) => line.box);
  if (boxes.length === 0) return { top: 0, height: 1, left: 0, width: 1, line: 0.01 };
  const top = Math.min(...boxes.map((box) => box.y));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  const left = Math.min(...boxes.map((box) => box.x));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  return {
    top,
    height: Math.max(bottom - top, 1e-6),
    left,
    width: Math.max(right - left, 1e-6),
    line: Math.max(median(boxes.map((box) => box.height)), 1e-6),
  };
}

export function totalFeatures(candidates: TotalCandidate[], pages: Page[]): number[][] {
  const largest = Math.max(...candidates.map((candidate) => candidate.value));
  const subtotals = candidates.filter((candidate) => candidate.kind === "subtotal").map((candidate) => candidate.value);
  return candidates.map((candidate, index) => {
    const area = printedArea(pages.find((page) => page.pageNumber === candidate.page));
    const agrees = (kind: string) => flag(candidate.checks.some((check) => check.kind === kind && check.agrees));
    const fromBottom = candidates.length - 1 - index;
    const label = candidate.label.toLowerCase();
    return [
      flag(candidate.kind === "final"),
      flag(candidate.kind === "total_with_tax"),
      flag(candidate.kind === "total"),
      flag(candidate.kind === "subtotal"),
      flag(candidate.kind === "tendered"),
      flag(candidate.kind === "other"),
      totalLabelStrength(candidate.kind),
      agrees("payment"),
      agrees("parts"),
      agrees("summary"),
      agrees("repeated"),
      candidate.checks.filter((check) => !check.agrees).length,
      flag(candidate.tableRow),
      flag(candidate.beforePayment),
      (candidate.y - area.top) / area.height,
      fromBottom,
      candidates.length > 1 ? fromBottom / (candidates.length - 1) : 0,
      flag(candidate.value === largest),
      largest > 0 ? candidate.value / largest : 0,
      candidates.filter((other) => Math.abs(other.value - candidate.value) < 0.005).length,
      candidates.slice(index + 1).filter((other) => totalLabelStrength(other.kind) >= 2).length,
      flag(subtotals.every((value) => candidate.value >= value - 0.005)),
      candidate.wordConfidence,
      candidate.weakestWord,
      flag(Math.abs(candidate.value * 20 - Math.round(candidate.value * 20)) < 1e-6),
      Math.min(label.length, 40),
      candidates.length,
    ];
  });
}

const otherDateLabel = /\b(?:due|exp|expiry|expires|valid|until|birth|member|since|print(?:ed)?|start|end|from|to)\b/i;

export function dateFeatures(candidates: DateCandidate[], pages: Page[]): number[][] {
  return candidates.map((candidate) => {
    const area = printedArea(pages.find((page) => page.pageNumber === candidate.page));
    const words = candidate.words.join(" ");
    return [
      flag(candidate.labelled),
      flag(candidate.repaired),
      flag(candidate.againstOrder),
      flag(candidate.orderUnknown),
      flag(candidate.orderGuessed),
      flag(/\p{L}{3}/u.test(words)),
      (candidate.y - area.top) / area.height,
      candidate.rank,
      candidate.count > 1 ? candidate.rank / (candidate.count - 1) : 0,
      candidate.count,
      candidate.repeats,
      candidate.wordConfidence,
      flag(/\d{1,2}:\d{2}/.test(candidate.lineText)),
      flag(otherDateLabel.test(candidate.lineText)),
      flag(/(?:19|20)\d{2}/.test(words)),
    ];
  });
}

const lineHeight = (facts: HeadLineFacts | undefined, area: { line: number }) =>
  facts ? facts.box.height / area.line : 0;
const confidences = (lines: HeadLineFacts[]) => lines.flatMap((line) => line.wordConfidences);

function runOf(candidate: IssuerCandidate): HeadLineFacts[] {
  return candidate.lines.slice(candidate.first, candidate.first + candidate.count);
}

function unionOf(boxes: Box[]): Box {
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  return {
    x,
    y,
    width: Math.max(...boxes.map((box) => box.x + box.width)) - x,
    height: Math.max(...boxes.map((box) => box.y + box.height)) - y,
  };
}

export function companyFeatures(candidates: IssuerCandidate[], page: Page): number[][] {
  const area = printedArea(page);
  return candidates.map((candidate) => {
    const run = runOf(candidate);
    const all = candidate.lines;
    const next = all[candidate.first + candidate.count];
    const above = all.slice(0, candidate.first);
    const firstAddress = all.findIndex((line) => line.address && !(line.nameLike && line.legalForm));
    const text = candidate.part.text;
    const { caps, digits, letters } = shape(text);
    const box = unionOf(run.map((line) => line.box));
    const words = confidences(run);
    return [
      candidate.first,
      candidate.first / Math.max(1, Math.min(all.length, 14)),
      candidate.count,
      (run[0].box.y - area.top) / area.height,
      flag(run[0].nameLike),
      flag(run.every((line) => line.nameLike)),
      flag(run.some((line) => line.legalForm)),
      flag(run.at(-1)!.legalForm),
      flag(run.some((line) => line.registration)),
      flag(run.length > 1 && run[1].onlyLegalForm),
      flag(run[0].wrapsAfter),
      flag(next?.identifier ?? false),
      flag(next?.address ?? false),
      flag(next ? next.stop || next.phone : false),
      above.filter((line) => line.nameLike).length,
      above.filter((line) => line.legalForm).length,
      (firstAddress < 0 ? 20 : firstAddress) - candidate.first,
      caps,
      digits,
      Math.min(letters, 80),
      text.split(/\s+/).length,
      flag(run.some((line) => line.stop)),
      flag(run.some((line) => line.date)),
      flag(run.some((line) => line.columnHeadings)),
      flag(run[0].address),
      flag(run.some((line) => line.priced)),
      flag(run.some((line) => line.phone)),
      mean(run.map((line) => lineHeight(line, area))),
      Math.abs(box.x + box.width / 2 - (area.left + area.width / 2)) / area.width,
      box.width / area.width,
      mean(words),
      words.length === 0 ? 0 : Math.min(...words),
      flag(text.includes("&")),
      all.length,
    ];
  });
}

export function addressFeatures(candidates: IssuerCandidate[], page: Page): number[][] {
  const area = printedArea(page);
  return candidates.map((candidate) => {
    const run = runOf(candidate);
    const all = candidate.lines;
    const next = all[candidate.first + candidate.count];
    const previous = all[candidate.first - 1];
    const firstAddress = all.findIndex((line) => line.address && !(line.nameLike && line.legalForm));
    const text = candidate.part.text;
    const { caps, digits } = shape(text);
    const words = confidences(run);
    const gaps = run.slice(1).map((line, index) => line.box.y - (run[index].box.y + run[index].box.height));
    const gapBefore = previous ? run[0].box.y - (previous.box.y + previous.box.height) : area.height;
    const last = run.at(-1)!;
    const gapAfter = next ? next.box.y - (last.box.y + last.box.height) : area.height;
    const postcode = (line: HeadLineFacts) => /(?<!\d)\d{5}(?!\d)/.test(line.text);
    return [
      candidate.first,
      (run[0].box.y - area.top) / area.height,
      candidate.count,
      flag(candidate.foot),
      run.filter((line) => line.address).length / run.length,
      flag(run[0].address),
      flag(last.address),
      flag(run.slice(1).every((line) => line.continuesAddress)),
      flag(run.some(postcode)),
      flag(postcode(last)),
      run.filter((line) => /,\s*$/.test(line.text)).length,
      flag(next !== undefined),
      flag(next?.stop ?? false),
      flag(next?.phone ?? false),
      flag(next?.address ?? false),
      flag(next?.continuesAddress ?? false),
      flag(previous !== undefined),
      flag(previous?.legalForm ?? false),
      flag(previous?.identifier ?? false),
      flag(previous?.nameLike ?? false),
      flag(previous?.address ?? false),
      digits,
      caps,
      Math.min(text.length, 200),
      mean(words),
      words.length === 0 ? 0 : Math.min(...words),
      gaps.length === 0 ? 0 : Math.max(...gaps) / area.line,
      Math.min(gapBefore / area.line, 10),
      Math.min(gapAfter / area.line, 10),
      mean(run.map((line) => lineHeight(line, area))),
      candidate.first - (firstAddress < 0 ? 20 : firstAddress),
      flag(run.some((line) => line.nameLike && !line.address)),
      flag(run.some((line) => line.legalForm)),
      flag(run.some((line) => line.registration)),
    ];
  });
}
