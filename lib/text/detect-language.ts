// Small, explainable heuristic: the language whose stop words the text uses most ("und" for none).
// Shared text utility: OCR's dictionary correction and the extraction engine both read it.

const stopWords: Record<string, string[]> = {
  en: ["the", "and", "of", "to", "in", "is", "for", "with", "on", "this", "your", "total", "date", "invoice"],
  de: ["der", "die", "und", "das", "ist", "nicht", "mit", "von", "für", "den", "rechnung", "datum", "betrag"],
  fr: ["le", "la", "les", "et", "des", "est", "pour", "dans", "une", "du", "facture", "montant"],
  es: ["el", "la", "los", "las", "y", "de", "que", "en", "para", "con", "factura", "fecha"],
  it: ["il", "di", "che", "e", "la", "per", "una", "sono", "con", "del", "fattura", "importo"],
  nl: ["de", "het", "een", "en", "van", "is", "voor", "met", "niet", "factuur", "bedrag"],
  pt: ["o", "a", "os", "de", "que", "e", "do", "da", "em", "para", "fatura", "valor"],
};

/** An ISO 639-1 code (en, de, fr, es, it, nl, pt), or "und" when no stop word is found. */
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
