import type { DocumentType } from "../types";

// The language lives in lib/text (OCR's dictionary pass needs it too); re-exported for the engine.
export { detectLanguage } from "@/lib/text/detect-language";

// Small, explainable heuristics: keyword scores for the type.

const typeKeywords: Array<[DocumentType, RegExp[]]> = [
  [
    "invoice",
    [
      /\binvoice\b/i,
      /\binvoice (?:number|no\.?|#|date)/i,
      /\b(?:total|amount|balance) due\b/i,
      /\bbill to\b/i,
      /\bdue date\b/i,
      /\bvat\b/i,
      /\bsubtotal\b/i,
      /\brechnung\b/i,
      /\bfacture\b/i,
    ],
  ],
  ["receipt", [/\breceipt\b/i, /\bcash\b/i, /\bchange\b/i, /\bthank you\b/i, /\bcashier\b/i, /\bstore\b/i]],
  [
    "bank_statement",
    [
      /\bstatement\b/i,
      /\bopening balance\b/i,
      /\bclosing balance\b/i,
      /\baccount number\b/i,
      /\biban\b/i,
      /\bdebit\b/i,
      /\bcredit\b/i,
    ],
  ],
  [
    "contract",
    [/\bagreement\b/i, /\bparties\b/i, /\bhereby\b/i, /\bterm\b/i, /\bwhereas\b/i, /\bshall\b/i, /\bsignature\b/i],
  ],
  ["letter", [/\bdear\b/i, /\bsincerely\b/i, /\bregards\b/i, /\byours\b/i]],
  [
    "id_document",
    [
      /\bpassport\b/i,
      /\bdate of birth\b/i,
      /\bnationality\b/i,
      /\bidentity card\b/i,
      /\bdriver'?s? licen[cs]e\b/i,
      /\bexpiry\b/i,
    ],
  ],
  [
    "form",
    [
      /\bname\b\s*:/i,
      /\baddress\b\s*:/i,
      /\bsignature\b/i,
      /\bplease (?:print|complete|fill)\b/i,
      /\bform\b/i,
      /\bcheck (?:one|all)\b/i,
    ],
  ],
];

// A document that names its own kind in its heading ("RECEIPT", "Invoice") says more than any body keyword.
const titleWords: Partial<Record<DocumentType, RegExp>> = {
  invoice: /\b(?:invoice|rechnung|facture)\b/i,
  receipt: /\breceipt\b/i,
  bank_statement: /\b(?:bank|account) statement\b/i,
  contract: /\b(?:agreement|contract)\b/i,
  id_document: /\b(?:passport|identity card)\b/i,
  form: /\bform\b/i,
};
const headingLines = 2;

export function classifyDocument(text: string, keyValueCount: number): DocumentType {
  const heading = text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, headingLines)
    .join("\n");
  let best: DocumentType = "other";
  let bestScore = 1;
  for (const [type, patterns] of typeKeywords) {
    let score = patterns.filter((pattern) => pattern.test(text)).length;
    if (type === "form" && keyValueCount >= 4) score += 1;
    if (titleWords[type]?.test(heading)) score += 1;
    if (score > bestScore) {
      best = type;
      bestScore = score;
    }
  }
  return best;
}
