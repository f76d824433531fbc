import { unionBox } from "@/lib/documents/layout";
import type { Box, Page, Word } from "@/lib/documents/types";
import { lineWords } from "./value-lines";
import { meanWordConfidence, trimNoise } from "./value-words";

// Who issued a receipt or an invoice, from the head of its first page, where there is no label
// to read: the business name is the first line carrying a legal form ("Sdn Bhd", "Ltd", "GmbH",
// "Enterprise") or a registration number in brackets, or else the line right over a line holding
// only such a number; its address is the first run of lines that read as an address (street
// words, a building number, a postcode) and the lines continuing it, up to the telephone, tax
// or invoice lines.

export interface IssuerPart {
  text: string;
  page: number;
  box: Box;
  words: string[];
  confidence: number;
}

/** Lines of the head considered: a receipt's header rarely runs longer. */
const headLines = 14;
const maxAddressLines = 6;

const legalForm =
  /\b(?:sdn\.?|bhd\.?|berhad|sb|ltd\.?|limited|llc|llp|inc\.?|incorporated|corp\.?|corporation|co\.|company|gmbh|ag|s\.?a\.?|s\.?a\.?r\.?l\.?|s\.?r\.?l\.?|b\.?v\.?|n\.?v\.?|plc|pty\.?|pte\.?|enterprises?|trading|holdings?|kg|oy|ab|spa|lda)$/i;
/** A registration number in brackets after the name: "(123456 X)", "(Co. No:98765-T)", "{456789-K)". */
const registration = /[([{][^)\]}]*\d{4,}[^)\]}]*[)\]}]?/;
const streetWord =
  /^(?:jalan|jln|lorong|lrg|taman|tmn|persiaran|lebuh|lebuhraya|kampung|lot|no\.?|unit|block|blk|level|lvl|floor|fl|suite|ste|building|bldg|street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|highway|hwy|plaza|square|sq|place|pl|rue|strasse|straße|str|via|calle|avenida|p\.?o\.?|box)\.?,?$/i;
/** Lines that end a header part: contact, tax, document and label lines. */
const stopLine =
  /\b(?:tel|telephone|phone|fax|gst|vat|tax|invoice|receipt|bill|cashier|date|time|www|http|e-?mail|reg|registration|order|counter|member|document)\b|@|\.com\b|:/i;
const datePattern =
  /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{2,4}\b/i;

interface HeadLine {
  words: Word[];
  text: string;
}

const letterWords = (line: HeadLine) => line.words.filter((word) => /\p{L}{2}/u.test(word.text));

/** A line holding only an identifier: "(54321-A)", "001234567-X". */
function isIdentifierLine(line: HeadLine): boolean {
  return line.text.replace(/\D/g, "").length >= 5 && !line.words.some((word) => /\p{L}{3}/u.test(word.text));
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
    meanWordConfidence(line.words) >= 0.6 &&
    !stopLine.test(name) &&
    !datePattern.test(name)
  );
}

function hasLegalForm(line: HeadLine): boolean {
  return (
    registration.test(line.text) ||
    nameText(line)
      .split(/\s+/)
      .some((word) => legalForm.test(word.replace(/[,)]+$/, "")))
  );
}

/** Street words, a building number followed by a comma ("55,", "PT1234,"), or a postcode beside a place name. */
function readsAsAddress(line: HeadLine): boolean {
  if (stopLine.test(line.text) || datePattern.test(line.text) || meanWordConfidence(line.words) < 0.4) return false;
  const postcode = line.words.some((word) => /^\d{4,6},?$/.test(word.text)) && letterWords(line).length > 0;
  return line.words.some((word) => streetWord.test(word.text)) || /\d,/.test(line.text) || postcode;
}

/** A line going on with an address: words with letters, no contact or tax details. */
function continuesAddress(line: HeadLine): boolean {
  return (
    readsAsAddress(line) ||
    (letterWords(line).length > 0 &&
      line.words.length <= 5 &&
      !stopLine.test(line.text) &&
      !datePattern.test(line.text) &&
      meanWordConfidence(line.words) >= 0.4)
  );
}

function part(page: Page, lines: HeadLine[], text: string): IssuerPart {
  const words = lines.flatMap((line) => line.words);
  return {
    text,
    page: page.pageNumber,
    box: unionBox(words.map((word) => word.box)),
    words: text.split(/\s+/),
    confidence: Math.round(meanWordConfidence(words) * 0.6 * 100) / 100,
  };
}

function headOf(page: Page): HeadLine[] {
  return page.lines
    .map((_, index) => trimNoise(lineWords(page, index)))
    .filter((words) => words.length > 0 && words.some((word) => /[\p{L}\p{N}]{2}/u.test(word.text)))
    .sort((a, b) => a[0].box.y - b[0].box.y)
    .slice(0, headLines)
    .map((words) => ({ words, text: words.map((word) => word.text).join(" ") }));
}

/** The company's lines: the legal-form line (with a short one's first line above it), else the line over an identifier. */
function companyLines(head: HeadLine[]): HeadLine[] {
  const legal = head.findIndex((line) => isNameLike(line) && hasLegalForm(line));
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
    return wrapped ? [above, head[legal]] : [head[legal]];
  }
  const overIdentifier = head.findIndex(
    (line, index) => isNameLike(line) && head[index + 1] !== undefined && isIdentifierLine(head[index + 1]),
  );
  return overIdentifier >= 0 ? [head[overIdentifier]] : [];
}

export function findIssuer(page: Page): { company?: IssuerPart; address?: IssuerPart } {
  const head = headOf(page);
  const company = companyLines(head);
  const result: { company?: IssuerPart; address?: IssuerPart } = {};
  if (company.length > 0) {
    const text = company
      .map(nameText)
      .join(" ")
      .replace(/[\s,(]+$/, "");
    if (text) result.company = part(page, company, text);
  }
  const rest = head.filter((line) => !company.includes(line));
  const start = rest.findIndex(readsAsAddress);
  if (start >= 0) {
    const lines = [rest[start]];
    for (const line of rest.slice(start + 1, start + maxAddressLines)) {
      const last = lines.at(-1)!.words[0].box;
      if (line.words[0].box.y - (last.y + last.height) > last.height * 1.5 || !continuesAddress(line)) break;
      lines.push(line);
    }
    result.address = part(page, lines, lines.map((line) => line.text).join(" "));
  }
  return result;
}
