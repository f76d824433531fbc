import { z } from "zod";

/** Emails are compared and stored trimmed and lower-cased, so "  Ann@Example.COM " is one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A syntactically valid address, normalised; used by every request schema that takes an email. */
export const EmailAddress = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: "Enter a valid email address" }))
  .transform(normalizeEmail);
