import nspell from "nspell";

// Hunspell's English dictionary (dictionary-en, through nspell): what the dictionary correction and
// the second reading of low-resolution pages ask whether a reading is an English word.

export type Speller = ReturnType<typeof nspell>;

// On globalThis: the server bundles route handlers and background work separately, and a module copy
// per bundle would load the dictionary again in each (~0.7 s of CPU and ~50 MB every time).
const globalKey = Symbol.for("docsvc.englishSpeller");
type GlobalWithSpeller = typeof globalThis & { [globalKey]?: Promise<Speller> };

/** The English speller, loaded once per process. */
export function englishSpeller(): Promise<Speller> {
  const holder = globalThis as GlobalWithSpeller;
  holder[globalKey] ??= import("dictionary-en").then(({ default: dictionary }) =>
    nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) }),
  );
  return holder[globalKey];
}
