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

/**
 * Currency pickers on the page left at another currency than the amounts filled from the documents:
 * one sentence per picker, for the person to check before submitting.
 */
export function currencyMismatches(options: { fields: WebField[]; filledValues: string[] }): string[] {
  const found = new Set(options.filledValues.map(currencyOf).filter((code): code is string => Boolean(code)));
  if (found.size !== 1) return [];
  const [documentCurrency] = [...found];
  const warnings: string[] = [];
  for (const field of options.fields) {
    if (field.kind !== "select" && field.kind !== "listbox") continue;
    const options_ = field.options ?? [];
    const currencyOptions = options_.filter((option) => currencyOf(`${option.value} ${option.label}`));
    if (currencyOptions.length < 2) continue;
    const chosen = options_.find((option) => option.value === field.value);
    const chosenCurrency = chosen ? currencyOf(`${chosen.value} ${chosen.label}`) : undefined;
    if (chosenCurrency === documentCurrency) continue;
    const name = field.label || field.name || "The currency";
    warnings.push(
      chosenCurrency
        ? `${name} is set to ${chosenCurrency}, but the amounts filled from the document are in ${documentCurrency}. Check it before submitting.`
        : `${name} is not set, and the amounts filled from the document are in ${documentCurrency}. Choose it before submitting.`,
    );
  }
  return warnings;
}
