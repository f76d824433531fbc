import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";

export const UserTierRequest = z
  .object({
    email: z.string().min(1).max(320).describe("The user's email address."),
    tier: z
      .enum(["free", "starter", "growth", "scale"])
      .optional()
      .describe("The new tier; omitted: only show the current one."),
  })
  .meta({ id: "UserTierRequest", title: "UserTierRequest" });

export const UserTierResponse = z
  .object({
    email: z.string(),
    previous: z.enum(["free", "starter", "growth", "scale"]).describe("The tier before this call."),
    tier: z.enum(["free", "starter", "growth", "scale"]).describe("The tier now."),
    monthly_tokens: z.number().int().describe("The tier's monthly token allowance."),
  })
  .meta({ id: "UserTierResponse", title: "UserTierResponse" });

export const setUserTierRoute = defineRoute({
  method: "POST",
  path: "/api/admin/user-tier",
  surface: "api",
  auth: "none",
  operationId: "adminSetUserTier",
  summary: "Operator: show or change a user's tier",
  description:
    "Used by `npm run user:tier` while the app runs (the embedded database allows one process). Callable only with the secret in " +
    "DATA_DIR/admin-secret, sent in the x-docsvc-admin-secret header; 403 otherwise.",
  tags: ["Operations"],
  body: UserTierRequest,
  responses: {
    200: UserTierResponse,
    403: { description: "The admin secret is missing or wrong." },
    404: { description: "No user with that email." },
  },
});
