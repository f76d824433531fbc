import { z } from "zod";
import { EmailAddress } from "./email-address";
import { NewPassword, PASSWORD_MAX_LENGTH } from "./password-policy";

// Request and response schemas of /api/auth, named as in the spec; they also feed /openapi.json.

// Sign-in takes any string: the policy applies when a password is set, not when it is checked.
const ExistingPassword = z
  .string()
  .min(1)
  .max(PASSWORD_MAX_LENGTH * 4);
const DisplayName = z.string().trim().min(1).max(200);

export const UserSignup = z
  .object({ email: EmailAddress, password: NewPassword, name: DisplayName.optional() })
  .meta({ id: "UserSignup", description: "Create an account with email and password." });

export const UserLogin = z.object({ email: EmailAddress, password: ExistingPassword }).meta({ id: "UserLogin" });

export const AuthUserResponse = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string().nullable(),
    tier: z.enum(["free", "starter", "growth", "scale"]),
    email_verified: z.boolean(),
    created_at: z.string().datetime(),
  })
  .meta({ id: "AuthUserResponse", title: "UserResponse", description: "The signed-in user (auth area)." });

export const TokenResponse = z
  .object({
    access_token: z.string().describe("JWT; send as Authorization: Bearer <access_token>."),
    token_type: z.literal("bearer"),
    expires_in: z.number().int().describe("Seconds until the token expires."),
    user: AuthUserResponse,
  })
  .meta({ id: "TokenResponse" });

export const MessageResponse = z.object({ message: z.string() }).meta({ id: "MessageResponse" });

export const ForgotPasswordRequest = z.object({ email: EmailAddress }).meta({ id: "ForgotPasswordRequest" });

export const ResetPasswordRequest = z
  .object({ token: z.string().min(1).max(200), new_password: NewPassword })
  .meta({ id: "ResetPasswordRequest" });

export const VerifyEmailRequest = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "The code has 6 digits"),
  })
  .meta({ id: "VerifyEmailRequest" });

export const InvitationInfo = z
  .object({
    email: z.string(),
    inviter_email: z.string().nullable(),
    inviter_name: z.string().nullable(),
    expires_at: z.string().datetime(),
    status: z.enum(["pending", "accepted", "expired"]),
    is_valid: z.boolean(),
  })
  .meta({ id: "InvitationInfo" });

export const AcceptInvitationRequest = z
  .object({ token: z.string().min(1).max(200), password: NewPassword, name: DisplayName.optional() })
  .meta({ id: "AcceptInvitationRequest" });

export const ChangePasswordRequest = z
  .object({ current_password: ExistingPassword, new_password: NewPassword })
  .meta({ id: "ChangePasswordRequest" });

export const ChangeEmailRequest = z.object({ new_email: EmailAddress, current_password: ExistingPassword }).meta({
  id: "ChangeEmailRequest",
  description: "Sends a code to the new address; POST /api/auth/verify-email with it applies the change.",
});

export const DeleteAccountRequest = z
  .object({
    password: ExistingPassword.optional().describe("Required when the account has a password."),
    confirm_email: z
      .string()
      .optional()
      .describe("Required instead of a password for accounts that only sign in through the identity provider."),
  })
  .meta({ id: "DeleteAccountRequest" });

export type AuthUser = z.infer<typeof AuthUserResponse>;
