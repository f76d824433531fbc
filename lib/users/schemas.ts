import { z } from "zod";
import { EmailAddress } from "@/lib/auth/email-address";
import { NewPassword } from "@/lib/auth/password-policy";

// Request and response schemas of /api/users, named as in the spec; they also feed /openapi.json.

export const UserRegistration = z
  .object({ email: EmailAddress, password: NewPassword, name: z.string().trim().min(1).max(200).optional() })
  .meta({ id: "UserRegistration" });

export const UsersUserResponse = z
  .object({
    user_id: z.string().uuid(),
    email: z.string(),
    name: z.string().nullable(),
    tier: z.enum(["free", "starter", "growth", "scale"]),
    email_verified: z.boolean(),
    is_active: z.boolean(),
    created_at: z.string().datetime(),
  })
  .meta({ id: "UsersUserResponse", title: "UserResponse", description: "A user account (users area)." });

export const CreateAPIKeyRequest = z
  .object({ name: z.string().trim().min(1).max(100).default("API key") })
  .meta({ id: "CreateAPIKeyRequest" });

const ApiKeyFields = {
  key_id: z.string().uuid(),
  name: z.string(),
  prefix: z.string().describe("The first characters of the key (sd_…), to recognise it."),
  last_four: z.string(),
  is_active: z.boolean(),
  created_at: z.string().datetime(),
};

export const APIKeyCreatedResponse = z
  .object({ ...ApiKeyFields, key: z.string().describe("The full key. Shown only in this response; store it now.") })
  .meta({ id: "APIKeyCreatedResponse" });

export const APIKeyResponse = z
  .object({
    ...ApiKeyFields,
    last_used_at: z.string().datetime().nullable(),
    deactivated_at: z.string().datetime().nullable(),
  })
  .meta({ id: "APIKeyResponse" });

export const APIKeyDeactivatedResponse = z
  .object({ message: z.string(), key_id: z.string().uuid(), is_active: z.literal(false) })
  .meta({ id: "APIKeyDeactivatedResponse" });

const UsageTotals = { tokens: z.number().int(), requests: z.number().int(), pages: z.number().int() };

export const TokenUsageResponse = z
  .object({
    tier: z.enum(["free", "starter", "growth", "scale"]),
    period_start: z.string().datetime().describe("Start of the current monthly period (UTC)."),
    period_end: z.string().datetime(),
    tokens_used: z.number().int(),
    tokens_limit: z.number().int().describe("Monthly token allowance of the tier."),
    tokens_remaining: z.number().int(),
    requests: z.number().int(),
    pages: z.number().int(),
    by_day: z.array(z.object({ date: z.string().describe("YYYY-MM-DD"), ...UsageTotals })),
    by_model: z.array(z.object({ model: z.string(), ...UsageTotals })),
  })
  .meta({ id: "TokenUsageResponse" });

export const CreateInvitationRequest = z.object({ email: EmailAddress }).meta({ id: "CreateInvitationRequest" });

export const InvitationCreatedResponse = z
  .object({
    invitation_id: z.string().uuid(),
    email: z.string(),
    expires_at: z.string().datetime(),
    email_status: z.enum(["sent", "failed", "logged"]).describe("How the invitation email went out."),
  })
  .meta({ id: "InvitationCreatedResponse" });
