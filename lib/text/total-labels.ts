// What the label in front of an amount on a receipt or invoice says the amount is, read as a
// person reads it: the sum to pay ("Grand Total", "Amount Due", "Total Payable", "Total incl.
// GST"), a plain total, a subtotal ("Sub Total", "Total excl. VAT"), or something that is not the
// total at all: the tax, a rounding adjustment, the cash tendered, the change, a quantity count.
// Receipts are scanned, so the key words are matched allowing one OCR slip ("Totai", "Anount").

export type TotalLabelKind =
  /** Explicitly the sum to pay: grand total, amount due, payable, rounded total. */
  | "final"
  /** A total that says it includes the tax. */
  | "total_with_tax"
  | "total"
  | "subtotal"
  | "tendered"
  | "change"
  /** Tax, rounding, discount, quantities: never the total. */
  | "other";

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** The word, or an OCR reading of it one letter off; short words must be exact (too many near misses). */
function readsAs(token: string, word: string): boolean {
  return token === word || (word.length >= 5 && token.length >= 4 && editDistanceAtMostOne(token, word));
}

function labelTokens(label: string): string[] {
  return label
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

const words = (list: string) => list.split(" ");
const totalWords = words("total totals sum");
const amountWords = words("amount amt");
const finalWords = words("grand payable due rounded");
const taxWords = words("gst vat tax sst hst pst taxes service svc");
const includingWords = words("incl inclusive including includes included inc with");
const excludingWords = words("excl exclusive excluding exc ex before without");
const tenderedWords = words(
  "cash tendered tender paid accepted received payment card visa mastercard amex debit credit eftpos",
);
/** Counts, never money. */
const countWords = words("qty quantity count pcs units points point");
/** Amounts that adjust the sum: not the total themselves, though a total may be "after discount". */
const adjustmentWords = words("saving savings discount disc rounding adjustment adj deposit");

export function totalLabelKind(label: string): TotalLabelKind | undefined {
  const tokens = labelTokens(label);
  const has = (list: string[]) => tokens.some((token) => list.some((word) => readsAs(token, word)));
  const subtotal = tokens.some(
    (token, index) =>
      token === "subtotal" ||
      (token === "sub" && tokens[index + 1] !== undefined && readsAs(tokens[index + 1], "total")),
  );
  const total = has(totalWords);
  const amount = has(amountWords);
  // "Amount Due" and "Balance Due" are the final sum; a bare "Balance" after the payment is the change.
  const final = (has(finalWords) || tokens.includes("pay")) && (total || amount || tokens.includes("balance"));
  // "Total Discount" is the discount; "Total after discount" is a total.
  const adjustment = tokens.findIndex((token) => adjustmentWords.some((word) => readsAs(token, word)));
  const adjustmentOnly = adjustment >= 0 && (!total || (adjustment > 0 && readsAs(tokens[adjustment - 1], "total")));
  // Exact: "charge" is one letter off.
  if (tokens.includes("change")) return "change";
  if (has(countWords) || (adjustmentOnly && !final)) return "other";
  if (subtotal) return "subtotal";
  if (has(tenderedWords) && !final) return "tendered";
  if (final) return "final";
  if (!total && !amount) return undefined;
  if (has(excludingWords)) return "subtotal";
  if (has(taxWords)) return has(includingWords) ? "total_with_tax" : "other";
  return "total";
}

/** How strongly a kind of label names the document's total; 0 for labels that never do. */
export function totalLabelStrength(kind: TotalLabelKind): number {
  return { final: 4, total_with_tax: 3, total: 2, subtotal: 1, tendered: 0, change: 0, other: 0 }[kind];
}
