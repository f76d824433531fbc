import { z } from "zod";

export const GoogleDriveAuthRequest = z
  .object({
    code: z.string().min(1).max(4096).describe("Authorization code the front end received from the provider."),
    redirect_uri: z
      .string()
      .url()
      .optional()
      .describe("The redirect URI used to obtain the code, when the provider requires it to match."),
    code_verifier: z.string().min(43).max(128).optional().describe("PKCE verifier, when the front end used PKCE."),
  })
  .meta({ id: "GoogleDriveAuthRequest" });

export const CloudConnectionResponse = z
  .object({
    connection_id: z.string().uuid(),
    provider: z.enum(["google_drive", "google_calendar"]),
    account_email: z.string().nullable(),
    scopes: z.array(z.string()),
    status: z.enum(["active", "revoked", "error"]),
    expires_at: z
      .string()
      .datetime()
      .nullable()
      .describe("When the stored access token expires; it is refreshed with the refresh token."),
    has_refresh_token: z.boolean(),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .meta({ id: "CloudConnectionResponse", description: "A stored connection; tokens are never returned." });

export const DriveConnectResponse = z
  .object({ message: z.string(), connection: CloudConnectionResponse })
  .meta({ id: "DriveConnectResponse" });

export type CloudProvider = z.infer<typeof CloudConnectionResponse>["provider"];
