import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import {
  APIKeyCreatedResponse,
  APIKeyDeactivatedResponse,
  APIKeyResponse,
  CreateAPIKeyRequest,
  CreateInvitationRequest,
  InvitationCreatedResponse,
  TokenUsageResponse,
  UserRegistration,
  UsersUserResponse,
} from "./schemas";

const tags = ["Users"];

export const usersRegisterRoute = defineRoute({
  method: "POST",
  path: "/api/users/register",
  surface: "api",
  auth: "none",
  operationId: "usersRegister",
  summary: "Create an account",
  description: "Like POST /api/auth/register but answers the account, not a token.",
  tags,
  body: UserRegistration,
  responses: {
    200: UsersUserResponse,
    409: { description: "An account with this email already exists." },
    429: { description: "Too many registrations refused as taken from this address; see Retry-After." },
  },
});

export const usersMeRoute = defineRoute({
  method: "GET",
  path: "/api/users/me",
  surface: "api",
  auth: "user",
  operationId: "usersMe",
  summary: "The current user",
  tags,
  responses: { 200: UsersUserResponse },
});

export const usageRoute = defineRoute({
  method: "GET",
  path: "/api/users/me/usage",
  surface: "api",
  auth: "user",
  operationId: "usersMeUsage",
  summary: "Token usage and limits of the current monthly period",
  description:
    "Monthly allowance by tier: free 100,000; starter 500,000; growth 2,500,000; scale 10,000,000 tokens. Periods are calendar months in UTC.",
  tags,
  responses: { 200: TokenUsageResponse },
});

export const createApiKeyRoute = defineRoute({
  method: "POST",
  path: "/api/users/me/api-keys",
  surface: "api",
  auth: "user",
  operationId: "usersCreateApiKey",
  summary: "Create an API key",
  description:
    "The full key (sd_ + 43 URL-safe characters) is in this response only; the service keeps a hash. At most 25 active keys.",
  tags,
  body: CreateAPIKeyRequest,
  responses: { 200: APIKeyCreatedResponse },
});

export const listApiKeysRoute = defineRoute({
  method: "GET",
  path: "/api/users/me/api-keys",
  surface: "api",
  auth: "user",
  operationId: "usersListApiKeys",
  summary: "List API keys (without the keys)",
  tags,
  responses: { 200: z.array(APIKeyResponse) },
});

export const deactivateApiKeyRoute = defineRoute({
  method: "DELETE",
  path: "/api/users/me/api-keys/{key_id}",
  surface: "api",
  auth: "user",
  operationId: "usersDeactivateApiKey",
  summary: "Deactivate an API key",
  description: "The key stops working at once. Another user's key answers 404.",
  tags,
  params: z.object({ key_id: z.string() }),
  responses: { 200: APIKeyDeactivatedResponse, 404: { description: "No such key of the current user." } },
});

export const createInvitationRoute = defineRoute({
  method: "POST",
  path: "/api/users/invitations",
  surface: "api",
  auth: "user",
  operationId: "usersCreateInvitation",
  summary: "Invite someone by email",
  description:
    "Emails a single-use link valid for 7 days (GET /api/auth/invitation/{token}, POST /api/auth/accept-invitation). 409 when the address already has an account; at most 50 per day.",
  tags,
  body: CreateInvitationRequest,
  responses: { 200: InvitationCreatedResponse, 409: { description: "The address already has an account." } },
});
