import type { WebField } from "./web-field";

// ISO codes and the symbols invoices print them with; enough to tell a currency picker and an amount's currency.
const CURRENCY_CODES = [
  "USD",
  "EUR",
  "GBP",
  "CHF",
  "JPY",
  "CAD",
  "AUD",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "CNY",
  "INR",
];
const SYMBOLS: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP", "¥": "JPY" };
const CODE_PATTERN = new RegExp(`(?:^|[^A-Za-z])(${CURRENCY_CODES.join("|")})(?![A-Za-z])`, "i");

/** The currency a value names ("100.44 USD", "$100.44", "EUR 5"), if any. */
export function currencyOf(text: string): string | undefined {
  const code = CODE_PATTERN.exec(text)?.[1];
  if (code) return code.toUpperCase();
  const symbol = Object.keys(SYMBOLS).find((candidate) => text.includes(candidate));
  return symbol ? SYMBOLS[symbol] : undefined;
}

/** The one currency the values filled from the documents name, or undefined when they name none or several. */
export function documentCurrencyOf(filledValues: string[]): string | undefined {
  const found = new Set(filledValues.map(currencyOf).filter((code): code is string => Boolean(code)));
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * Whether a picker's choice contradicts the documents' currency: the currency it is set to (null when it is set to
 * none), or undefined when it agrees or is not a currency picker (fewer than two options naming a currency).
 */
export function pickerCurrencyMismatch(
  picker: { value: string; options?: Array<{ value: string; label: string }> },
  documentCurrency: string,
): { chosen: string | null } | undefined {
  const options = picker.options ?? [];
  if (options.filter((option) => currencyOf(`${option.value} ${option.label}`)).length < 2) return undefined;
  const chosen = options.find((option) => option.value === picker.value);
  const chosenCurrency = chosen ? currencyOf(`${chosen.value} ${chosen.label}`) : undefined;
  return chosenCurrency === documentCurrency ? undefined : { chosen: chosenCurrency ?? null };
}

/**
 * Currency pickers on the page left at another currency than the amounts filled from the documents:
 * one sentence per picker, for the person to check before submitting.
 */
export function currencyMismatches(options: { fields: WebField[]; filledValues: string[] }): string[] {
  const documentCurrency = documentCurrencyOf(options.filledValues);
  if (!documentCurrency) return [];
  const warnings: string[] = [];
  for (const field of options.fields) {
    if (field.kind !== "select" && field.kind !== "listbox") continue;
    const mismatch = pickerCurrencyMismatch(field, documentCurrency);
    if (!mismatch) continue;
    const name = field.label || field.name || "The currency";
    warnings.push(
      mismatch.chosen
        ? `${name} is set to ${mismatch.chosen}, but the amounts filled from the document are in ${documentCurrency}. Check it before submitting.`
        : `${name} is not set, and the amounts filled from the document are in ${documentCurrency}. Choose it before submitting.`,
    );
  }
  return warnings;
}
