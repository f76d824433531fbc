import { unionBox } from "@/lib/pages/layout";
import type { Box, Page, Word } from "@/lib/pages/types";
import { legalFormWords } from "./legal-forms";
import { disputedWords, pageSpellings } from "./page-spellings";
import { totalLabelKind } from "@/lib/text/total-labels";
import { lineWords } from "../words/value-lines";
import { meanWordConfidence, trimNoise } from "../words/value-words";

// Who issued a receipt or an invoice, from the head of its first page, where there is no label
// to read. The candidates for the name are the head's lines, alone or with the next (a name wrapped
// onto two), their text as printed through OCR slips (legal forms spelled properly: legal-forms.ts);
// for the address, runs of up to six lines with no contact, tax or date details, before the first
// priced line or in the footer. Each line's facts (a legal form, a registration number, street
// words, a postcode, a telephone or tax line) are what a ranker trained on labelled receipts
// weighs to choose (receipt-field-model.ts).

/** Which part of the issuer a candidate is: its name, its address in the header, or in the footer. */
export type IssuerCue = "name" | "address" | "foot_address";

export interface IssuerPart {
  text: string;
  cue: IssuerCue;
  /** The OCR confidence of its least sure word: one misread letter makes the whole name wrong. */
  weakestWord: number;
  /** Its words the page prints elsewhere one letter different: one of the readings is wrong. */
  disputed: string[];
  /** The words of its lines as read, with OCR's confidence in each (field-confidence.ts weighs them). */
  wordsRead: Word[];
  page: number;
  box: Box;
  words: string[];
}

/** Lines of the head considered: a receipt's header rarely runs longer. */
const headLines = 14;
const maxAddressLines = 6;

/**
 * A registration number in brackets after the name: "(123456 X)", "(Co. No:98765-T)", "{456789-K)",
 * also with a digit OCR read as a letter ("(519S37-X)").
 */
const registration = /[([{][^)\]}]*(?:\d{4,}|\d{2,}[SOIlB]\d{2,})[^)\]}]*[)\]}]?/;
const streetWord =
  /^(?:jalan|jln|lorong|lrg|taman|tmn|persiaran|lebuh|lebuhraya|kampung|lot|no\.?|unit|block|blk|level|lvl|floor|fl|suite|ste|building|bldg|street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|highway|hwy|plaza|square|sq|place|pl|rue|strasse|straße|str|via|calle|avenida|p\.?o\.?|box)\.?,?$/i;
/** A company registration line ("Company Reg. No.", read through slips as "Company Rag No."): not the address. */
const companyLine = /\bcompany\b/i;
/** A telephone number printed on its own ("016-5498845", "03-7845 6155"). */
const phoneOnly = /^[+(]?\d[\d ()+-]{6,}\d[,.]?$/;
/** Lines that end a header part: contact, tax, document and label lines. */
const stopLine =
  /\b(?:tel|telephone|phone|fax|gst|vat|tax|invoice|receipt|bill|cashier|date|time|www|http|e-?mail|reg|registration|order|counter|member|document)\b|@|\.com\b|:/i;
const datePattern =
  /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{2,4}\b/i;

interface HeadLine {
  words: Word[];
  text: string;
  /** The line as OCR read it, noise words included. */
  printed: string;
}

const letterWords = (line: HeadLine) => line.words.filter((word) => /\p{L}{2}/u.test(word.text));

/** A line holding only an identifier: "(54321-A)", "001234567-X". */
function isIdentifierLine(line: HeadLine): boolean {
  return (
    line.text.replace(/\D/g, "").length >= 5 &&
    !line.words.some((word) => /\p{L}{3}/u.test(word.text)) &&
    // "109, SS21/1A,": a building number and a street code are an address.
    !/\d,/.test(line.text)
  );
}

/** Words of a table's column headings ("ITEM QTY DISC% (RM)"): a line of them is not a name. */
const columnHeadingWords = new Set([
  "item",
  "items",
  "qty",
  "quantity",
  "disc",
  "discount",
  "price",
  "amount",
  "amt",
  "description",
  "desc",
  "unit",
  "uom",
  "code",
  "total",
  "rm",
  "value",
]);

function isColumnHeadings(line: HeadLine): boolean {
  const tokens = line.text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  const headings = tokens.filter((token) => columnHeadingWords.has(token)).length;
  return headings >= 2 && headings * 2 >= tokens.length;
}

/** The line's text before a registration number in brackets. */
const nameText = (line: HeadLine) => line.text.split(registration)[0].trim();

function isNameLike(line: HeadLine): boolean {
  const name = nameText(line);
  const letters = name.replace(/[^\p{L}]/gu, "").length;
  const digits = name.replace(/\D/g, "").length;
  const words = name.split(/\s+/).filter((word) => /\p{L}{2}/u.test(word));
  return (
    words.length >= 2 &&
    letters >= (letters + digits) * 0.6 &&
    meanWordConfidence(line.words) >= 0.5 &&
    !stopLine.test(name) &&
    !datePattern.test(name) &&
    !isColumnHeadings(line)
  );
}

function hasLegalForm(line: HeadLine): boolean {
  return registration.test(line.text) || legalFormWords(nameText(line).split(/\s+/)).size > 0;
}

/** Street words, a building number followed by a comma ("55,", "PT1234,"), or a postcode beside a place name. */
function readsAsAddress(line: HeadLine): boolean {
  if (
    stopLine.test(line.text) ||
    companyLine.test(line.text) ||
    phoneOnly.test(line.text) ||
    datePattern.test(line.text) ||
    meanWordConfidence(line.words) < 0.4
  )
    return false;
  const postcode = line.words.some((word) => /^\d{4,6},?$/.test(word.text)) && letterWords(line).length > 0;
  const street = line.words.some((word) => streetWord.test(word.text));
  // "1 ICE MOCHA 12,99": an item's price with a decimal comma is not a building number.
  if (!street && /\d[.,]\d{2}$/.test(line.text)) return false;
  return street || /\d,/.test(line.text) || postcode;
}

/** A line going on with an address: words with letters, no contact or tax details. */
function continuesAddress(line: HeadLine): boolean {
  return (
    readsAsAddress(line) ||
    (letterWords(line).length > 0 &&
      line.words.length <= 5 &&
      !stopLine.test(line.text) &&
      !companyLine.test(line.text) &&
      !phoneOnly.test(line.text) &&
      !datePattern.test(line.text) &&
      meanWordConfidence(line.words) >= 0.4)
  );
}

function part(page: Page, lines: HeadLine[], text: string, cue: IssuerCue): IssuerPart {
  const words = lines.flatMap((line) => line.words);
  return {
    text,
    cue,
    weakestWord: Math.min(...words.map((word) => word.confidence)),
    // Looked up for the chosen candidate only (best): the page-wide comparison is the costly part.
    disputed: [],
    wordsRead: words,
    page: page.pageNumber,
    box: unionBox(words.map((word) => word.box)),
    words: text.split(/\s+/),
  };
}

/** The page's lines from the top, as the header finders read them. */
function linesOf(page: Page): HeadLine[] {
  const spelled = pageSpellings(page);
  return page.lines
    .map((line, index) => ({ words: trimNoise(lineWords(page, index)).map(spelled), printed: line.text }))
    .filter(({ words }) => words.length > 0 && words.some((word) => /[\p{L}\p{N}]{2}/u.test(word.text)))
    .sort((a, b) => a.words[0].box.y - b.words[0].box.y)
    .map(({ words, printed }) => ({ words, printed, text: words.map((word) => word.text).join(" ") }));
}

/** The name as printed, through OCR slips: legal forms spelled properly, brackets closed, a trailing registration number dropped. */
function companyText(lines: HeadLine[]): string {
  // An ampersand closing a wrapped line is trimmed from its words as noise; the name keeps it.
  const wrappedAt = (line: HeadLine) => (/&\s*$/.test(line.printed) && !/&$/.test(line.text) ? " &" : "");
  const words = lines.flatMap((line) => (nameText(line) + wrappedAt(line)).split(/\s+/)).filter(Boolean);
  const forms = legalFormWords(words);
  const lastForm = Math.max(-1, ...forms.keys());
  const end = lastForm >= 0 && /\d{4,}/.test(words[lastForm + 1] ?? "") ? lastForm + 1 : words.length;
  return (
    words
      .slice(0, end)
      .map((word, index) => forms.get(index) ?? word)
      .join(" ")
      .replace(/[{[]/g, "(")
      .replace(/[}\]]/g, ")")
      .replace(/Y?¥/g, "Y")
      // "D.1.Y.": initials read as digits.
      .replace(/\b(?:[A-Z0-9]\.){2,}/g, (initials) => initials.replace(/1/g, "I").replace(/0/g, "O"))
      .replace(/[\s,(]+$/, "")
  );
}

/** Street words long enough to be recognised one letter off ("Jatan", "TAHAN"): short ones are too often another word. */
const longStreetWords = [
  "jalan",
  "lorong",
  "taman",
  "persiaran",
  "lebuhraya",
  "kampung",
  "street",
  "avenue",
  "boulevard",
];

function oneSubstitutionOff(word: string, target: string): boolean {
  if (word.length !== target.length || word === target) return false;
  let differences = 0;
  for (let index = 0; index < word.length; index++) if (word[index] !== target[index]) differences++;
  return differences === 1;
}

/** A street word OCR slipped one letter of, given back in the word's case; other words as read. */
function streetWordRead(word: string): string {
  const [, core, rest] = word.match(/^(\p{L}+)(.*)$/u) ?? [];
  if (!core) return word;
  const street = longStreetWords.find((candidate) => oneSubstitutionOff(core.toLowerCase(), candidate));
  if (!street) return word;
  const spelled =
    core === core.toUpperCase()
      ? street.toUpperCase()
      : core[0] === core[0].toUpperCase()
        ? street[0].toUpperCase() + street.slice(1)
        : street;
  return spelled + rest;
}

/** "a Kepong, 52100 KL.": a lone small letter opening a line of capitalised words is a speck OCR read. */
function withoutSpeck(words: Word[]): Word[] {
  const rest = words.slice(1);
  const capitalised = rest.length > 0 && rest.every((word) => !/^\p{Ll}/u.test(word.text));
  return capitalised && /^\p{Ll}$/u.test(words[0].text) ? rest : words;
}

/**
 * The address as printed, through the symbols OCR reads for letters and digits: "S$21/1A" → "SS21/1A",
 * "§3300" → "53300", "DAMA!" → "DAMAI", "SRD FLR" → "3RD FLR", and street words one letter off.
 */
function addressText(lines: HeadLine[]): string {
  return (
    lines
      .flatMap((line) => withoutSpeck(line.words).map((word) => streetWordRead(word.text)))
      .join(" ")
      // "SE_ANGOR": an L whose upright OCR missed, its foot read as an underscore.
      .replace(/(?<=[A-Z])_(?=[A-Z])/g, "L")
      .replace(/(?<=[A-Z$])\$|\$(?=[A-Z$])/g, "S")
      .replace(/§(?=\d)/g, "5")
      .replace(/(?<=\b[A-Z]{2,})!(?=[\s,.]|$)/g, "I")
      .replace(/\b[SB$8]RD(?=\s+(?:FLR|FLOOR|FL|LEVEL)\b)/gi, "3RD")
  );
}

/** Facts about one line of the head, the features a ranker weighs (receipt-field-features.ts). */
export interface HeadLineFacts {
  text: string;
  box: Box;
  wordConfidences: number[];
  nameLike: boolean;
  legalForm: boolean;
  /** A registration number in brackets on it. */
  registration: boolean;
  /** Only an identifier: "(54321-A)". */
  identifier: boolean;
  address: boolean;
  continuesAddress: boolean;
  /** A contact, tax, document or label line. */
  stop: boolean;
  phone: boolean;
  date: boolean;
  columnHeadings: boolean;
  priced: boolean;
  /** Only words of a legal form ("SDN. BHD."): the rest of a name wrapped. */
  onlyLegalForm: boolean;
  /** Ends with an ampersand: a name wrapped after it. */
  wrapsAfter: boolean;
}

/** A run of lines that may be the issuer's name or address, its text as it would be reported. */
export interface IssuerCandidate {
  part: IssuerPart;
  /** Index of its first line among the page's lines from the top; how many lines it takes. */
  first: number;
  count: number;
  /** Every line of the page from the top, as facts, for the candidate's neighbours. */
  lines: HeadLineFacts[];
  /** In the footer, under the payment. */
  foot: boolean;
}

/** Scores candidates, higher the likelier (the trained rankers, receipt-field-model.ts). */
export type RankIssuer = (candidates: IssuerCandidate[], page: Page) => number[];

const priced = (line: HeadLine) => /\d[.,]\d{2}\b/.test(line.text) && !readsAsAddress(line);

function factsOf(line: HeadLine): HeadLineFacts {
  const words = nameText(line).split(/\s+/).filter(Boolean);
  return {
    text: line.text,
    box: unionBox(line.words.map((word) => word.box)),
    wordConfidences: line.words.map((word) => word.confidence),
    nameLike: isNameLike(line),
    legalForm: hasLegalForm(line),
    registration: registration.test(line.text),
    identifier: isIdentifierLine(line),
    address: readsAsAddress(line),
    continuesAddress: continuesAddress(line),
    stop: stopLine.test(line.text) || companyLine.test(line.text),
    phone: phoneOnly.test(line.text),
    date: datePattern.test(line.text),
    columnHeadings: isColumnHeadings(line),
    priced: priced(line),
    onlyLegalForm: words.length > 0 && legalFormWords(words).size === words.length,
    wrapsAfter: /&\s*$/.test(line.printed),
  };
}

/** A line an address may take: no contact, tax or date details. */
const mayHoldAddress = (line: HeadLine) =>
  /[\p{L}\p{N}]{2}/u.test(line.text) &&
  !stopLine.test(line.text) &&
  !companyLine.test(line.text) &&
  !phoneOnly.test(line.text) &&
  !datePattern.test(line.text);

/** Runs of address-like lines from `from` to `to` (exclusive), up to maxAddressLines long. */
function addressRuns(
  page: Page,
  all: HeadLine[],
  facts: HeadLineFacts[],
  from: number,
  to: number,
  foot: boolean,
): IssuerCandidate[] {
  const found: IssuerCandidate[] = [];
  for (let first = from; first < to; first++) {
    for (let count = 1; count <= maxAddressLines && first + count <= to; count++) {
      if (!mayHoldAddress(all[first + count - 1])) break;
      const run = all.slice(first, first + count);
      found.push({
        part: part(page, run, addressText(run), foot ? "foot_address" : "address"),
        first,
        count,
        lines: facts,
        foot,
      });
    }
  }
  return found;
}

/** The name candidates: each line of the head alone and with the next (a name wrapped onto two lines). */
function companyCandidates(page: Page, all: HeadLine[], facts: HeadLineFacts[]): IssuerCandidate[] {
  const found: IssuerCandidate[] = [];
  const head = Math.min(all.length, headLines);
  for (let first = 0; first < head; first++) {
    if (letterWords(all[first]).length === 0) continue;
    for (const count of [1, 2]) {
      if (first + count > all.length || (count === 2 && letterWords(all[first + 1]).length === 0)) continue;
      const lines = all.slice(first, first + count);
      const text = companyText(lines);
      if (text) found.push({ part: part(page, lines, text, "name"), first, count, lines: facts, foot: false });
    }
  }
  return found;
}

function best(
  page: Page,
  candidates: IssuerCandidate[],
  scores: number[],
): (IssuerPart & { score: number }) | undefined {
  let top = -1;
  // On equal terms the one higher up.
  for (const [index, score] of scores.entries()) if (top < 0 || score > scores[top]) top = index;
  if (top < 0) return undefined;
  const chosen = candidates[top].part;
  return { ...chosen, disputed: disputedWords(page, chosen.wordsRead), score: scores[top] };
}

/** A page's candidates, listed once for both its name and its address fields. */
const listed = new WeakMap<Page, ReturnType<typeof listCandidates>>();

/** Every name and address candidate of the page (generators), before any is chosen. */
export function issuerCandidates(page: Page): { company: IssuerCandidate[]; address: IssuerCandidate[] } {
  const found = listed.get(page) ?? listCandidates(page);
  listed.set(page, found);
  return found;
}

function listCandidates(page: Page): { company: IssuerCandidate[]; address: IssuerCandidate[] } {
  const all = linesOf(page);
  const facts = all.map(factsOf);
  const head = all.slice(0, headLines);
  // The address is printed before the items: nothing past the first line with a price is the head.
  const firstPrice = head.findIndex(priced);
  const address = addressRuns(page, all, facts, 0, firstPrice < 0 ? head.length : firstPrice, false);
  // Some shops print their address only in the footer, under the payment: after the last amount or money label.
  const lastPrice = all.findLastIndex((line) => priced(line) || totalLabelKind(line.text) !== undefined);
  if (lastPrice >= head.length - 1) address.push(...addressRuns(page, all, facts, lastPrice + 1, all.length, true));
  return { company: companyCandidates(page, all, facts), address };
}

export function findIssuer(
  page: Page,
  rank: { company: RankIssuer; address: RankIssuer },
): { company?: IssuerPart & { score: number }; address?: IssuerPart & { score: number } } {
  const { company, address } = issuerCandidates(page);
  return {
    company: best(page, company, company.length > 0 ? rank.company(company, page) : []),
    address: best(page, address, address.length > 0 ? rank.address(address, page) : []),
  };
}
