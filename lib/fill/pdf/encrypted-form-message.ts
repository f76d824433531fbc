import { AppError } from "@/lib/errors/app-error";

/**
 * What a person can do about an encrypted form. Fill takes no password (pdf-lib cannot write an
 * encrypted file either), so the way through is an unprotected copy.
 */
export function encryptedFormMessage(name = "The PDF"): string {
  return (
    `${name} is encrypted (protected by a password or by permission restrictions), and an encrypted form cannot be filled. ` +
    "Open it in a PDF viewer, remove the protection (or print it to a new PDF keeping its form fields), and send that unencrypted copy."
  );
}

/**
 * The reading engine's refusal of a password-protected file (which tells the caller to send a
 * password) as fill's own: corrupt_file with encryptedFormMessage. Any other error is returned as is.
 */
export function asEncryptedFormError(error: unknown, name: string): unknown {
  const code = error instanceof AppError ? error.code : undefined;
  if (code !== "password_required" && code !== "invalid_password") return error;
  return new AppError("corrupt_file", encryptedFormMessage(name), { cause: error });
}
