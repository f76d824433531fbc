// Legal forms closing a business name ("Sdn Bhd", "S/B", "Ltd", "GmbH", "Enterprise"), read as
// a scan's OCR prints them: "SON BHO", "5/8", "$/B", "BHI". A slipped reading counts when the
// pair it belongs to is otherwise recognisable (a lone three-letter word one letter off is too
// often something else) or when the form is long enough ("Enterprlse"), and is given back in its
// proper spelling so the name reads as printed.

const forms = [
  "sdn",
  "bhd",
  "berhad",
  "s/b",
  "ltd",
  "limited",
  "llc",
  "llp",
  "inc",
  "incorporated",
  "corp",
  "corporation",
  "co",
  "company",
  "gmbh",
  "ag",
  "sa",
  "sarl",
  "srl",
  "bv",
  "nv",
  "plc",
  "pty",
  "pte",
  "enterprise",
  "enterprises",
  "trading",
  "holdings",
  "holding",
  "kg",
  "oy",
  "ab",
  "spa",
  "lda",
];
const formSet = new Set(forms);
/** Forms written with their dots ("S.A.R.L.", "B.V."), compared without them. */
const dottedForms = new Set(["sa", "sarl", "srl", "bv", "nv"]);

/** Letters OCR prints as digits or symbols in a word that is all letters. */
const letterFor: Record<string, string> = { "5": "s", $: "s", "8": "b", "0": "o", "1": "i", "|": "i", "!": "i" };

/** "SDN.", "(M)" → "sdn"; "5/8" → "s/b"; "B.V." → "bv". Digits read as letters only in words of three or more. */
function squash(word: string): string {
  const bare = word.toLowerCase().replace(/^[^\p{L}\p{N}$|]+|[^\p{L}\p{N}|!/]+$/gu, "");
  const plain = bare.replace(/\.$/, "");
  if (formSet.has(plain) || dottedForms.has(plain.replace(/\./g, ""))) return plain.replace(/\./g, "");
  const letters = plain.replace(/[58$01|!]/g, (character) => letterFor[character]);
  return letters.length >= 3 ? letters : plain;
}

function oneSubstitution(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let differences = 0;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) differences++;
  return differences === 1;
}

function oneEdit(a: string, b: string): boolean {
  if (oneSubstitution(a, b)) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  for (let index = 0; index < long.length; index++)
    if (long.slice(0, index) + long.slice(index + 1) === short) return true;
  return false;
}

/** The proper spelling of the form, in the word's case ("SDN", "Sdn"). */
function spelled(form: string, word: string): string {
  if (word === word.toUpperCase()) return form.toUpperCase();
  return form[0].toUpperCase() + form.slice(1);
}

/**
 * The legal form each word of a name reads as, with its proper spelling when OCR slipped: index →
 * spelling (the word itself when read exactly).
 */
export function legalFormWords(words: string[]): Map<number, string> {
  const found = new Map<number, string>();
  const squashed = words.map(squash);
  squashed.forEach((word, index) => {
    if (formSet.has(word)) found.set(index, words[index]);
    else if (word.length >= 6) {
      const form = forms.find((candidate) => candidate.length >= 6 && oneEdit(word, candidate));
      if (form) found.set(index, spelled(form, words[index]));
    }
  });
  // "SON BHD", "SDN BHO", "SON BHO": the Malaysian pair, each half at most one letter off.
  squashed.forEach((word, index) => {
    const next = squashed[index + 1];
    if (next === undefined || (found.has(index) && found.has(index + 1))) return;
    if ((word === "sdn" || oneSubstitution(word, "sdn")) && (next === "bhd" || oneSubstitution(next, "bhd"))) {
      found.set(index, spelled("sdn", words[index]));
      found.set(index + 1, spelled("bhd", words[index + 1]));
    }
  });
  // "BHO", "BHI", "8HD" closing a name: Berhad's short form with the letter OCR most often slips.
  const last = squashed.length - 1;
  if (last >= 1 && !found.has(last) && /^(?:BH[O0IJ]|8HD|BND)\.?$/.test(words[last])) found.set(last, "BHD");
  // "S/B" read as "5/8", "$/8", "S/8": already squashed; mark its proper spelling.
  squashed.forEach((word, index) => {
    if (word === "s/b" && words[index] !== "S/B") found.set(index, "S/B");
  });
  return found;
}
