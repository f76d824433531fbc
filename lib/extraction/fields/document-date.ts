import { unionBox } from "@/lib/pages/layout";
import type { Box, Page, Word } from "@/lib/pages/types";
import type { DateOrderEvidence } from "../document/date-order";
import { isoDate, parseDate } from "../entities/normalise-values";
import { lineWords } from "../words/value-lines";
import { meanWordConfidence } from "../words/value-words";

// A receipt's or letter's own date, read through a scan's OCR slips ("05- '03- 2018", "D2/02/17",
// "24. 03-18"): every plausible date printed is a candidate, and a ranker trained on labelled
// receipts (receipt-field-model.ts) picks the document's own from its label, its place, a second
// printing and how surely it was read. An ambiguous numeric date ("11/01/2019") takes the
// document's own order (date-order.ts), and the reason says what decided it.

export interface DocumentDate {
  value: string;
  page: number;
  box: Box;
  words: string[];
  /** How it was read: what decided the order, what was repaired. */
  reason: string;
  /** Evidence for calibration (field-confidence.ts). */
  labelled: boolean;
  repeated: boolean;
  repaired: boolean;
  /** An ambiguous numeric date read in the order a language, currency or country suggests, or by default. */
  orderGuessed: boolean;
  /** An ambiguous numeric date nothing on the document decides: read month-first by default. */
  orderUnknown: boolean;
  wordConfidence: number;
}

const earliestYear = 1990;
const latestYear = 2049;

/** Characters OCR prints for digits inside a number: O/D/Q/@ for 0, I/l/| for 1, S for 5, B for 8. */
const digitFor: Record<string, string> = {
  O: "0",
  o: "0",
  D: "0",
  Q: "0",
  "@": "0",
  I: "1",
  l: "1",
  "|": "1",
  S: "5",
  B: "8",
};
const d = "[0-9OoDQ@Il|SB]";
/** A date label OCR glued to the date ("DATE18/03/2018"). */
const gluedLabel = "(?<=(?:[Dd]ate|DATE|[Tt]arikh|TARIKH)[:.]?)";
/** A time OCR glued to the year ("18/03/201813:45", "18/03/18-10:30"). */
const gluedTime = "(?=[-/]?\\d{1,2}:\\d{2})";
/**
 * Three numeric parts, separators possibly spaced or mixed ("24. 03-18"), not inside a longer run
 * unless what it is glued to is the date's label or its time.
 */
const numericDate = new RegExp(
  `(?:(?<![\\p{L}\\p{N}/.-])|${gluedLabel})(${d}{1,2}) *[/.~-] *(${d}{1,2}) *[/.~-] *(${d}{4}|${d}{2})(?:${gluedTime}|(?![\\p{L}\\p{N}/]|[.-]\\d))`,
  "gu",
);
/**
 * A date whose first separator OCR lost ("2703/2018" for 27/03/2018, thin slashes on thermal print):
 * two two-digit parts run together, then the year. Read only when the parts make a date.
 */
const lostSeparatorDate = /(?<![\p{L}\p{N}/.-])(\d{2})(\d{2}) *[/.-] *(\d{4})(?![\p{L}\p{N}/]|[.-]\d)/gu;
const monthName = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
/** "2018-12-25", "25 Dec 2018", "25-Dec-18", "25MAR2018", "Dec 25,2018": written one way only, read by parseDate. */
const writtenDate = new RegExp(
  `\\b(?:19|20)\\d{2}[-/.]\\d{1,2}[-/.]\\d{1,2}\\b|\\b\\d{1,2}(?:st|nd|rd|th)?[-./\\s]?\\s*${monthName}(?:[-./,]\\s*|\\s+)?(?:\\d{4}|\\d{2})\\b|\\b${monthName}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,\\s*|\\s+)\\d{4}\\b`,
  "gi",
);
/** "Date:", "BIZDATE:", "Tarikh", "Datum". */
const dateLabel = /(?:date|dated|tarikh|datum|fecha)\b/i;

interface Candidate extends Omit<DocumentDate, "repeated"> {
  /** The text of its line: a time beside it, or a label naming another date ("Due", "Expiry"). */
  lineText: string;
  y: number;
  /** Readable only in the order the document does not write ("01/18/2017" on a day-first receipt): a digit likely misread. */
  againstOrder: boolean;
}

const plausible = (iso: string) => {
  const year = Number(iso.slice(0, 4));
  return year >= earliestYear && year <= latestYear;
};

/** The words a character range of the words joined by spaces falls in. */
function wordsAt(words: Word[], start: number, end: number): Word[] {
  let offset = 0;
  return words.filter((word) => {
    const from = offset;
    offset += word.text.length + 1;
    return from < end && from + word.text.length > start;
  });
}

/** "2518" → "2018": a century digit misread, when the year as printed cannot be a receipt's. */
function repairedYear(year: string): string | undefined {
  return year.length === 4 && year[0] === "2" && year[1] !== "0" ? `20${year.slice(2)}` : undefined;
}

function readNumeric(
  match: RegExpMatchArray,
  evidence: DateOrderEvidence | undefined,
): Omit<Candidate, "page" | "box" | "words" | "labelled" | "wordConfidence" | "y" | "lineText"> | undefined {
  const parts = [match[1], match[2], match[3]];
  const digits = parts.map((part) => part.replace(/[^0-9]/g, (character) => digitFor[character] ?? character));
  // A word with a slash or dash in it ("SO-IS-OD") is not a date: most characters must be digits.
  const printedDigits = parts.join("").replace(/\D/g, "").length;
  if (printedDigits * 2 < digits.join("").length) return undefined;
  const repaired = digits.join("") !== parts.join("");
  const notes: string[] = [];
  if (repaired) notes.push(`read ${match[0].trim()} as ${digits.join("/")}`);
  let year = digits[2];
  const [first, second] = [Number(digits[0]), Number(digits[1])];
  const fixedYear = repairedYear(year);
  if (fixedYear && !plausible(`${year}-01-01`)) {
    notes.push(`year ${year} read as ${fixedYear}`);
    year = fixedYear;
  }
  const dayFirst = isoDate(Number(year), second, first);
  const monthFirst = isoDate(Number(year), first, second);
  let value = dayFirst ?? monthFirst;
  let orderGuessed = false;
  let orderUnknown = false;
  let againstOrder = false;
  if (dayFirst && monthFirst && dayFirst !== monthFirst) {
    if (evidence) {
      value = evidence.order === "day-first" ? dayFirst : monthFirst;
      notes.push(`${evidence.order}: ${evidence.reason}`);
      orderGuessed = !evidence.reason.startsWith("another date");
    } else {
      value = monthFirst;
      notes.push("month-first: nothing on the document says the day comes first");
      orderGuessed = true;
      orderUnknown = true;
    }
  } else if (dayFirst !== monthFirst) {
    const order = dayFirst ? "day-first" : "month-first";
    notes.push(`${order}: ${Math.max(first, second)} can only be the day`);
    againstOrder = evidence !== undefined && evidence.order !== order;
  }
  if (!value || !plausible(value)) return undefined;
  return {
    value,
    reason: notes.join("; "),
    repaired: repaired || fixedYear !== undefined,
    orderGuessed,
    orderUnknown,
    againstOrder,
  };
}

function candidatesOn(page: Page, evidence: DateOrderEvidence | undefined): Candidate[] {
  const found: Candidate[] = [];
  page.lines.forEach((_, lineIndex) => {
    const words = lineWords(page, lineIndex);
    if (words.length === 0) return;
    // Quotes OCR reads from specks ("05- ‘03- 2018") are dropped one for one with spaces, keeping offsets.
    const text = words.map((word) => word.text.replace(/[‘’'"“”`]/g, " ")).join(" ");
    const labelled = dateLabel.test(text);
    const add = (match: RegExpMatchArray, read: ReturnType<typeof readNumeric>) => {
      if (!read) return;
      const matched = wordsAt(words, match.index!, match.index! + match[0].length);
      found.push({
        ...read,
        page: page.pageNumber,
        box: unionBox(matched.map((word) => word.box)),
        words: matched.map((word) => word.text),
        labelled,
        wordConfidence: meanWordConfidence(matched),
        y: matched[0].box.y,
        lineText: text,
      });
    };
    for (const match of text.matchAll(numericDate)) add(match, readNumeric(match, evidence));
    for (const match of text.matchAll(lostSeparatorDate)) {
      const read = readNumeric(match, evidence);
      if (read)
        add(match, {
          ...read,
          repaired: true,
          reason: `read ${match[0]} as ${match[1]}/${match[2]}/${match[3]}; ${read.reason}`,
        });
    }
    for (const match of text.matchAll(writtenDate)) {
      const value = parseDate(match[0]);
      if (value && plausible(value))
        add(match, {
          value,
          reason: "",
          repaired: false,
          orderGuessed: false,
          orderUnknown: false,
          againstOrder: false,
        });
    }
  });
  return found;
}

/** One date printed on the document, with the evidence a ranker weighs (receipt-field-features.ts). */
export interface DateCandidate extends Candidate {
  /** Other printings of the same day elsewhere on the document. */
  repeats: number;
  /** Its place among the document's dates, from the top. */
  rank: number;
  count: number;
}

/** Scores candidates, higher the likelier the document's own date (the trained ranker, receipt-field-model.ts). */
export type RankDates = (candidates: DateCandidate[], pages: Page[]) => number[];

/** The document's date, or undefined when no plausible date is printed on it. */
export function findDocumentDate(
  pages: Page[],
  evidence: DateOrderEvidence | undefined,
  rank: RankDates,
): (DocumentDate & { score: number }) | undefined {
  const found = pages
    .filter((page) => !page.error)
    .flatMap((page) => candidatesOn(page, evidence))
    .sort((a, b) => a.page - b.page || a.y - b.y);
  if (found.length === 0) return undefined;
  const candidates: DateCandidate[] = found.map((candidate, index) => ({
    ...candidate,
    repeats: found.filter(
      (other) => other !== candidate && other.value === candidate.value && Math.abs(other.y - candidate.y) > 0.005,
    ).length,
    rank: index,
    count: found.length,
  }));
  const scores = rank(candidates, pages);
  // On equal terms the first from the top.
  const best = scores.reduce((top, score, index) => (score > scores[top] ? index : top), 0);
  const chosen = candidates[best];
  const repeated = chosen.repeats > 0;
  const reasons = [chosen.labelled ? "labelled as the date" : "not labelled", chosen.reason];
  if (repeated) reasons.push("printed again elsewhere on the document");
  return {
    value: chosen.value,
    page: chosen.page,
    box: chosen.box,
    words: chosen.words,
    labelled: chosen.labelled,
    repaired: chosen.repaired,
    orderGuessed: chosen.orderGuessed,
    orderUnknown: chosen.orderUnknown,
    wordConfidence: chosen.wordConfidence,
    repeated,
    reason: reasons.filter(Boolean).join("; "),
    score: scores[best],
  };
}
