import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { CloudConnectionResponse } from "@/lib/cloud/schemas";
import { AuthUserResponse } from "../schemas";

const tags = ["Identity provider"];

export const IdpConnectQuery = z.object({
  mode: z
    .string()
    .regex(/^(combined|connect)$/)
    .default("combined")
    .describe("combined = sign in plus calendar consent; connect = calendar only, for the user of auth_token."),
  invitation_token: z.string().max(200).optional(),
  auth_token: z.string().max(4096).optional(),
});

export const IdpConnectResponse = z
  .object({ authorization_url: z.string().url(), state: z.string(), mode: z.enum(["combined", "connect"]) })
  .meta({ id: "IdpConnectResponse" });

export const IdpCallbackResponse = z
  .object({
    mode: z.enum(["combined", "connect"]),
    access_token: z.string().optional().describe("combined mode: a token for the signed-in user."),
    token_type: z.literal("bearer").optional(),
    expires_in: z.number().int().optional(),
    user: AuthUserResponse,
    is_new_user: z.boolean(),
    calendar_connection: CloudConnectionResponse,
  })
  .meta({ id: "IdpCallbackResponse" });

export const IdpConnectionStatus = z
  .object({
    connected: z.boolean(),
    provider: z.literal("google_calendar"),
    connection: CloudConnectionResponse.nullable(),
  })
  .meta({ id: "IdpConnectionStatus" });

export const IdpVerifyRequest = z
  .object({
    id_token: z.string().min(1).max(8192).optional(),
    credential: z
      .string()
      .min(1)
      .max(8192)
      .optional()
      .describe("Alias of id_token (Google Identity Services posts `credential`)."),
    nonce: z.string().max(200).optional().describe("When the front end asked for a nonce, it is checked."),
    invitation_token: z.string().max(200).optional(),
  })
  .refine((body) => body.id_token ?? body.credential, { message: "id_token is required", path: ["id_token"] })
  .meta({ id: "IdpVerifyRequest" });

export const IdpAuthResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal("bearer"),
    expires_in: z.number().int(),
    user: AuthUserResponse,
    is_new_user: z.boolean(),
  })
  .meta({ id: "IdpAuthResponse" });

export const idpConnectRoute = defineRoute({
  method: "GET",
  path: "/api/auth/idp/connect",
  surface: "api",
  auth: "none",
  operationId: "idpConnect",
  summary: "Start the identity-provider flow",
  description:
    "Answers the authorization URL as JSON, or redirects (302) when the request accepts text/html. Sets an HttpOnly cookie binding the flow (state, nonce, PKCE verifier) to this browser for 10 minutes.",
  tags,
  query: IdpConnectQuery,
  responses: {
    200: IdpConnectResponse,
    302: { description: "Redirect to the provider (requests accepting HTML)." },
    401: { description: "connect mode without a valid auth_token." },
  },
});

export const idpCallbackRoute = defineRoute({
  method: "GET",
  path: "/api/auth/idp/callback",
  surface: "api",
  auth: "none",
  operationId: "idpCallback",
  summary: "The provider's redirect back",
  description:
    "Exchanges the code, verifies the ID token against the provider's JWKS, signs in or links the user (combined) and stores the calendar grant, tokens encrypted.",
  tags,
  query: z.object({
    code: z.string().max(4096).optional(),
    state: z.string().max(200).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
  }),
  responses: {
    200: IdpCallbackResponse,
    400: { description: "Missing or mismatched state, or the provider refused." },
    401: { description: "The ID token is invalid." },
  },
});

export const idpConnectionStatusRoute = defineRoute({
  method: "GET",
  path: "/api/auth/idp/connection-status",
  surface: "api",
  auth: "none",
  operationId: "idpConnectionStatus",
  summary: "Whether the user of auth_token has an active calendar connection",
  tags,
  query: z.object({ auth_token: z.string().min(1).max(4096) }),
  responses: { 200: IdpConnectionStatus, 401: { description: "Invalid or revoked auth_token." } },
});

export const idpVerifyRoute = defineRoute({
  method: "POST",
  path: "/api/auth/idp/verify",
  surface: "api",
  auth: "none",
  operationId: "idpVerify",
  summary: "Sign in with an ID token from the front end",
  description:
    "Verifies the ID token (signature by the provider's JWKS, issuer, audience = our client id, expiry, nonce when given) and creates or signs in the user.",
  tags,
  body: IdpVerifyRequest,
  responses: { 200: IdpAuthResponse, 401: { description: "The ID token is invalid, expired or for another client." } },
});
