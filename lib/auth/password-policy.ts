import { z } from "zod";

// NIST SP 800-63B: length over composition rules, and refuse passwords known to be common.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const COMMON_PASSWORDS = new Set([
  "password",
  "password1",
  "password123",
  "passw0rd",
  "12345678",
  "123456789",
  "1234567890",
  "qwertyuiop",
  "qwerty123",
  "iloveyou",
  "11111111",
  "00000000",
  "abc12345",
  "abcd1234",
  "letmein1",
  "welcome1",
  "admin123",
  "changeme",
  "sunshine",
  "football",
  "baseball",
  "superman",
  "trustno1",
  "princess",
  "starwars",
  "1q2w3e4r",
  "qwertyui",
  "asdfghjk",
  "zxcvbnm1",
  "87654321",
  "monkey123",
  "dragon123",
  "master123",
  "whatever",
]);

/** Why a password is refused, or null when it is acceptable. */
export function checkPasswordPolicy(password: string, email?: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return "Password is too common";
  if (/^(.)\1*$/u.test(password)) return "Password must not repeat a single character";
  if (email) {
    const localPart = email.trim().toLowerCase().split("@")[0];
    if (lower === email.trim().toLowerCase() || (localPart.length >= 4 && lower === localPart)) {
      return "Password must not be your email address";
    }
  }
  return null;
}

/** The password field of request schemas; the email check happens where the email is known. */
export const NewPassword = z.string().superRefine((password, context) => {
  const problem = checkPasswordPolicy(password);
  if (problem) context.addIssue({ code: "custom", message: problem });
});
