import type { DocumentType } from "./types";

// Small, explainable heuristics: stop-word counts for the language, keyword scores for the type.

const stopWords: Record<string, string[]> = {
  en: ["the", "and", "of", "to", "in", "is", "for", "with", "on", "this", "your", "total", "date", "invoice"],
  de: ["der", "die", "und", "das", "ist", "nicht", "mit", "von", "für", "den", "rechnung", "datum", "betrag"],
  fr: ["le", "la", "les", "et", "des", "est", "pour", "dans", "une", "du", "facture", "montant"],
  es: ["el", "la", "los", "las", "y", "de", "que", "en", "para", "con", "factura", "fecha"],
  it: ["il", "di", "che", "e", "la", "per", "una", "sono", "con", "del", "fattura", "importo"],
  nl: ["de", "het", "een", "en", "van", "is", "voor", "met", "niet", "factuur", "bedrag"],
  pt: ["o", "a", "os", "de", "que", "e", "do", "da", "em", "para", "fatura", "valor"],
};

export function detectLanguage(text: string): string {
  const tokens = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (tokens.length === 0) return "und";
  let best = "und";
  let bestScore = 0;
  for (const [language, words] of Object.entries(stopWords)) {
    const set = new Set(words);
    const score = tokens.filter((token) => set.has(token)).length;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}

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
