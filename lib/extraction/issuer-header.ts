import { unionBox } from "@/lib/documents/layout";
import type { Box, Page, Word } from "@/lib/documents/types";
import { legalFormWords } from "./legal-forms";
import { disputedWords, pageSpellings } from "./page-spellings";
import { totalLabelKind } from "./total-labels";
import { lineWords } from "./value-lines";
import { meanWordConfidence, trimNoise } from "./value-words";

// Who issued a receipt or an invoice, from the head of its first page, where there is no label
// to read: the business name is the first line over the address carrying a legal form ("Sdn Bhd",
// "Ltd", "GmbH", "Enterprise", read through OCR slips: legal-forms.ts) or a registration number in
// brackets, or else the line right over a line holding only such a number, or else the first
// name-like line over the address (a shop printing its trading name without a legal form); its
// address is the first run of lines that read as an address (street words, a building number, a
// postcode) and the lines continuing it, up to the telephone, tax or invoice lines.

/** What singled the name out: a legal form, a registration number under it, or only its place at the top. */
export type IssuerCue = "legal_form" | "over_identifier" | "first_line" | "address" | "foot_address";

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

/** A registration number in brackets after the name: "(123456 X)", "(Co. No:98765-T)", "{456789-K)". */
const registration = /[([{][^)\]}]*\d{4,}[^)\]}]*[)\]}]?/;
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
    disputed: disputedWords(page, words),
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

/** The company's lines and what singled them out: see the head of this file. */
function companyLines(head: HeadLine[], addressStart: number): { lines: HeadLine[]; cue?: IssuerCue } {
  const overAddress = addressStart >= 0 ? head.slice(0, addressStart) : head;
  const legal = overAddress.findIndex((line) => isNameLike(line) && hasLegalForm(line));
  if (legal >= 0) {
    const above = head[legal - 1];
    const name = nameText(head[legal]).split(/\s+/);
    // "Harbour View Kiosk 12" / "Lee Enterprise": a name wrapped before its legal form.
    const wrapped =
      above &&
      name.length <= 2 &&
      isNameLike(above) &&
      !hasLegalForm(above) &&
      head[legal].words[0].box.y - above.words[0].box.y < head[legal].words[0].box.height * 2.5;
    // "SINNATHAMBY HOLDINGS" over "SDN. BHD.": the rest of the legal form wrapped onto the next line.
    const below = head[legal + 1];
    const belowWords = below ? nameText(below).split(/\s+/) : [];
    const continued = belowWords.length > 0 && legalFormWords(belowWords).size === belowWords.length;
    const lines = [...(wrapped ? [above] : []), head[legal], ...(continued ? [below] : [])];
    return { lines, cue: "legal_form" };
  }
  const overIdentifier = overAddress.findIndex(
    (line, index) => isNameLike(line) && head[index + 1] !== undefined && isIdentifierLine(head[index + 1]),
  );
  if (overIdentifier >= 0) {
    // "99 SPEED MART" over "S/B (519537-X)": the legal form printed before the number on its line.
    const identifier = head[overIdentifier + 1];
    const formWords = nameText(identifier).split(/\s+/).filter(Boolean);
    const formFirst = formWords.length > 0 && legalFormWords(formWords).size === formWords.length;
    return { lines: formFirst ? [head[overIdentifier], identifier] : [head[overIdentifier]], cue: "over_identifier" };
  }
  // Only at the very top: further down, a name-like line is as likely an item or a slogan.
  const first = addressStart > 0 ? overAddress.slice(0, 3).findIndex(isNameLike) : -1;
  if (first < 0) return { lines: [] };
  // "HOME HARDWARE &" over "ELECTRICAL": a name wrapped after its ampersand (trimmed off the line as noise).
  const next = overAddress[first + 1];
  const wrapped = next !== undefined && letterWords(next).length > 0 && /&\s*$/.test(head[first].printed);
  return { lines: wrapped ? [head[first], next] : [head[first]], cue: "first_line" };
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

/** The first run of lines reading as an address, with the lines continuing it. */
function addressRun(lines: HeadLine[]): HeadLine[] | undefined {
  const start = lines.findIndex(readsAsAddress);
  if (start < 0) return undefined;
  const run = [lines[start]];
  for (const line of lines.slice(start + 1, start + maxAddressLines)) {
    const last = run.at(-1)!.words[0].box;
    if (line.words[0].box.y - (last.y + last.height) > last.height * 1.5 || !continuesAddress(line)) break;
    run.push(line);
  }
  return run;
}

const priced = (line: HeadLine) => /\d[.,]\d{2}\b/.test(line.text) && !readsAsAddress(line);

export function findIssuer(page: Page): { company?: IssuerPart; address?: IssuerPart } {
  const all = linesOf(page);
  const head = all.slice(0, headLines);
  const addressStart = head.findIndex((line) => readsAsAddress(line) && !(isNameLike(line) && hasLegalForm(line)));
  const company = companyLines(head, addressStart);
  const result: { company?: IssuerPart; address?: IssuerPart } = {};
  if (company.cue) {
    const text = companyText(company.lines);
    if (text) result.company = part(page, company.lines, text, company.cue);
  }
  // The address is printed before the items: nothing past the first line with a price is the head.
  const firstPrice = head.findIndex(priced);
  const rest = head.slice(0, firstPrice < 0 ? head.length : firstPrice).filter((line) => !company.lines.includes(line));
  const address = addressRun(rest);
  if (address) result.address = part(page, address, addressText(address), "address");
  else {
    // Some shops print their address only in the footer, under the payment: after the last amount or money label.
    const lastPrice = all.findLastIndex((line) => priced(line) || totalLabelKind(line.text) !== undefined);
    const foot = addressRun(lastPrice < 0 ? [] : all.slice(lastPrice + 1));
    // Only a whole address, down to its postcode: a lone "NO 3, JALAN BESI 2," there may be an item's text.
    if (foot?.some((line) => line.words.some((word) => /^\d{5},?$/.test(word.text))))
      result.address = part(page, foot, addressText(foot), "foot_address");
  }
  return result;
}
