const TRUE_WORDS = new Set([
  "yes",
  "y",
  "true",
  "x",
  "✓",
  "✔",
  "☑",
  "☒",
  "checked",
  "on",
  "1",
  "ja",
  "oui",
  "sí",
  "si",
]);
const FALSE_WORDS = new Set(["no", "n", "false", "☐", "unchecked", "off", "0", "nein", "non"]);

/** "Yes", "X", "✓", "true" → true; "No", "☐", "false" → false; anything else → null. */
export function parseBoolean(text: string): boolean | null {
  const word = text.trim().toLowerCase().replace(/[.!]$/, "");
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}
