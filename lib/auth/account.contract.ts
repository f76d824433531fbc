import { defineRoute } from "@/lib/contracts/contract";
import {
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  MessageResponse,
  TokenResponse,
} from "./schemas";

// Beyond the spec: account self-service. Each sensitive change asks for the current password again.
const tags = ["Accounts"];

export const changePasswordRoute = defineRoute({
  method: "POST",
  path: "/api/auth/change-password",
  surface: "api",
  auth: "user",
  operationId: "authChangePassword",
  summary: "Change the password",
  description: "Revokes every access token and session issued before, and answers a new token for this client.",
  tags,
  body: ChangePasswordRequest,
  responses: { 200: TokenResponse, 401: { description: "Not signed in, or the current password is wrong." } },
});

export const changeEmailRoute = defineRoute({
  method: "POST",
  path: "/api/auth/change-email",
  surface: "api",
  auth: "user",
  operationId: "authChangeEmail",
  summary: "Start an email change",
  description:
    "Emails a 6-digit code to the new address; the account switches when POST /api/auth/verify-email receives it.",
  tags,
  body: ChangeEmailRequest,
  responses: {
    200: MessageResponse,
    401: { description: "Not signed in, or the current password is wrong." },
    409: { description: "The new address has an account." },
  },
});

export const signOutEverywhereRoute = defineRoute({
  method: "POST",
  path: "/api/auth/sign-out-everywhere",
  surface: "api",
  auth: "user",
  operationId: "authSignOutEverywhere",
  summary: "Revoke every access token and browser session",
  description: "API keys are not affected; deactivate them separately.",
  tags,
  responses: { 200: MessageResponse },
});

export const deleteAccountRoute = defineRoute({
  method: "DELETE",
  path: "/api/users/me",
  surface: "api",
  auth: "user",
  operationId: "usersDeleteMe",
  summary: "Delete my account",
  description:
    "Irreversible: deletes the account with all its batches, documents, stored files, jobs, API keys, connections and usage. Requires the password (or confirm_email for accounts without one).",
  tags: ["Users"],
  body: DeleteAccountRequest,
  responses: { 200: MessageResponse, 401: { description: "Not signed in, or the password is wrong." } },
});
