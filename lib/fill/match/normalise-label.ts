// Labels come from field names ("topmostSubform[0].Page1[0].f1_01[0]", "dateOfBirth"), tooltips and
// page text in any language; they are compared in one normal form: lower case, no accents, words
// separated by single spaces.

/** "Date de naissance:" → "date de naissance"; "E-Mail" → "e mail". */
export function normaliseLabel(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * A field name as words: the last meaningful segment of a hierarchical name, camelCase and
 * underscores split. "form1[0].Applicant.firstName[0]" → "first name"; "f1_01[0]" → "f1 01".
 */
export function readableFieldName(name: string): string {
  const segments = name
    .split(".")
    .map((segment) => segment.replace(/\[\d+\]$/, ""))
    .filter(Boolean);
  const last = segments.at(-1) ?? name;
  return last
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Za-z])(\d)/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** A name made of code-like tokens ("f1 01", "text 12") says nothing about its meaning. */
export function isMeaningfulLabel(label: string): boolean {
  const words = normaliseLabel(label).split(" ").filter(Boolean);
  return words.some(
    (word) =>
      /\p{L}{3,}/u.test(word) && !/^(text|field|check ?box|fill|untitled|button|radio|combo|list|dropdown)$/.test(word),
  );
}
