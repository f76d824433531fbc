import { z } from "zod";
import { EmailAddress } from "@/lib/auth/email-address";
import { checkPasswordPolicy, NewPassword } from "@/lib/auth/password-policy";

// The browser checks with the server's own rules (email normalisation, password policy), with
// messages written for a person; the server checks again and its answer wins.

const Password = z.string().min(1, "Enter your password");
const OptionalName = z.string().trim().max(200, "At most 200 characters").optional();

export const SignInForm = z.object({ email: EmailAddress, password: Password });

export const SignUpForm = z
  .object({ email: EmailAddress, password: NewPassword, name: OptionalName })
  .superRefine(({ email, password }, context) => {
    const problem = checkPasswordPolicy(password, email);
    if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
  });

export const ForgotPasswordForm = z.object({ email: EmailAddress });

export const NewPasswordForm = z.object({ new_password: NewPassword });

export const VerificationCodeForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6 digits from the email"),
});

export const AcceptInvitationForm = z.object({ password: NewPassword, name: OptionalName });

export const ChangePasswordForm = z.object({ current_password: Password, new_password: NewPassword });

export const ChangeEmailForm = z.object({ new_email: EmailAddress, current_password: Password });

/** Empty optional text fields are left out rather than sent as "". */
export function withoutEmpty<T extends Record<string, string>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== "")) as Partial<T>;
}
