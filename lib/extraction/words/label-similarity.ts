// How well a document label ("Invoice No.", "PO Number") names a schema field ("po_number"): 0–1.
// Labels are compared word by word after phrases are reduced to one canonical word ("purchase
// order" → "po", "amount due" → "total"). Words like "number", "no", "date" only say what kind of
// value a label holds, not which one, so they agree with each other by kind but cannot carry a
// match alone: "po_number" must find "po" in the label, and "Invoice Number" (which says "invoice")
// is not a PO number however well "number" matches.

/** The kind of value a generic word announces; words of one kind are interchangeable. */
const kinds: Record<string, string> = {
  number: "id",
  no: "id",
  nr: "id",
  num: "id",
  "#": "id",
  id: "id",
  ref: "id",
  reference: "id",
  code: "id",
  date: "date",
  dated: "date",
  day: "date",
  name: "name",
  amount: "amount",
  value: "amount",
  rate: "rate",
  percent: "rate",
  percentage: "rate",
};

/** A word that says what kind of value a label holds ("No.", "Number", "Date", "Code"): a label's closing word. */
export function isKindWord(word: string): boolean {
  return kinds[word.toLowerCase().replace(/[.:]+$/, "")] !== undefined;
}

/** Phrases (and single words) that name the same thing, reduced to one canonical word, longest first. */
const canonical: Array<[string[], string]> = (
  [
    ["purchase order", "po"],
    ["amount due", "total"],
    ["grand total", "total"],
    ["balance due", "total"],
    ["total due", "total"],
    ["total amount", "total"],
    ["sum", "total"],
    ["full name", "name"],
    ["bill to", "customer"],
    ["sold to", "customer"],
    ["buyer", "customer"],
    ["client", "customer"],
    ["seller", "vendor"],
    ["supplier", "vendor"],
    ["company", "vendor"],
    ["from", "vendor"],
    ["merchant", "vendor"],
    ["e mail", "email"],
  ] as Array<[string, string]>
)
  .map(([phrase, word]): [string[], string] => [phrase.split(" "), word])
  .sort((a, b) => b[0].length - a[0].length);

const ignored = new Set(["of", "the", "a", "an", "to", "for", "in", "on", "at", "by", "and", "or", "your"]);

function tokens(text: string): string[] {
  return text
    .replace(/\b(\p{L})\.(?=\p{L}\b)/gu, "$1") // "P.O." → "PO."
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}#]+/u)
    .filter(Boolean);
}

function canonicalTokens(text: string): string[] {
  const words = tokens(text);
  const result: string[] = [];
  for (let index = 0; index < words.length;) {
    const hit = canonical.find(([phrase]) => phrase.every((word, offset) => words[index + offset] === word));
    if (hit) {
      result.push(hit[1]);
      index += hit[0].length;
      continue;
    }
    if (!ignored.has(words[index])) result.push(words[index]);
    index++;
  }
  return result;
}

/** The same word, or one a clear abbreviation of the other ("inv" / "invoice", "item" / "items"). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 3 && long.length > 3 && long.startsWith(short);
}

export function labelSimilarity(fieldName: string, label: string): number {
  const fieldTokens = canonicalTokens(fieldName);
  const labelTokens = canonicalTokens(label);
  if (fieldTokens.length === 0 || labelTokens.length === 0) return 0;
  const usedLabelTokens = new Set<number>();
  let matched = 0;
  const unmatchedKinds: string[] = [];
  for (const token of fieldTokens) {
    const exact = labelTokens.findIndex(
      (labelToken, index) => !usedLabelTokens.has(index) && sameWord(token, labelToken),
    );
    const sameKind =
      exact >= 0 || !kinds[token]
        ? -1
        : labelTokens.findIndex(
            (labelToken, index) => !usedLabelTokens.has(index) && kinds[labelToken] === kinds[token],
          );
    if (exact >= 0 || sameKind >= 0) {
      usedLabelTokens.add(exact >= 0 ? exact : sameKind);
      matched += exact >= 0 ? 1 : 0.9;
    } else if (kinds[token]) unmatchedKinds.push(kinds[token]);
    // A distinguishing word of the field that the label lacks: a different thing, however alike the rest.
    else return 0;
  }
  // The field says "number" where the label says "date": different kinds of value.
  const labelKinds = labelTokens
    .filter((labelToken, index) => !usedLabelTokens.has(index) && kinds[labelToken])
    .map((labelToken) => kinds[labelToken]);
  if (unmatchedKinds.some((kind) => labelKinds.some((labelKind) => labelKind !== kind))) return 0;
  const coverage = matched / fieldTokens.length;
  const precision = Math.min(1, matched / labelTokens.length);
  return coverage * 0.7 + precision * 0.3;
}
