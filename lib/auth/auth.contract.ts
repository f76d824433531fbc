import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import {
  AcceptInvitationRequest,
  AuthUserResponse,
  ForgotPasswordRequest,
  InvitationInfo,
  MessageResponse,
  ResetPasswordRequest,
  TokenResponse,
  UserLogin,
  UserSignup,
  VerifyEmailRequest,
} from "./schemas";

const tags = ["Accounts"];
const conflict = { description: "An account with this email already exists." };
const throttled = {
  description: "Too many failed attempts from this address (on this account, or in all); see Retry-After.",
};
const registerThrottled = {
  description: "Too many registrations refused as taken from this address; see Retry-After.",
};

export const registerRoute = defineRoute({
  method: "POST",
  path: "/api/auth/register",
  surface: "api",
  auth: "none",
  operationId: "authRegister",
  summary: "Create an account and sign in",
  description: "Email is trimmed and lower-cased. Password: 8–128 characters, not a common password, not the email.",
  tags,
  body: UserSignup,
  responses: { 200: TokenResponse, 409: conflict, 429: registerThrottled },
});

export const loginRoute = defineRoute({
  method: "POST",
  path: "/api/auth/login",
  surface: "api",
  auth: "none",
  operationId: "authLogin",
  summary: "Sign in with email and password",
  description:
    "401 does not say whether the email or the password was wrong. Repeated failures lock the account (5 in 15 min) or the client address (25 in 15 min) for a growing time: 429 with Retry-After.",
  tags,
  body: UserLogin,
  responses: { 200: TokenResponse, 401: { description: "Incorrect email or password." }, 429: throttled },
});

export const meRoute = defineRoute({
  method: "GET",
  path: "/api/auth/me",
  surface: "api",
  auth: "user",
  operationId: "authMe",
  summary: "The signed-in user",
  tags,
  responses: { 200: AuthUserResponse },
});

export const forgotPasswordRoute = defineRoute({
  method: "POST",
  path: "/api/auth/forgot-password",
  surface: "api",
  auth: "none",
  operationId: "authForgotPassword",
  summary: "Email a password reset link",
  description:
    "Answers the same whether or not the address has an account. The link is valid for 60 minutes, once; a new request closes older links.",
  tags,
  body: ForgotPasswordRequest,
  responses: { 200: MessageResponse },
});

export const resetPasswordRoute = defineRoute({
  method: "POST",
  path: "/api/auth/reset-password",
  surface: "api",
  auth: "none",
  operationId: "authResetPassword",
  summary: "Set a new password with the emailed token",
  description: "Revokes every access token issued before. 400 for an unknown, used or expired token.",
  tags,
  body: ResetPasswordRequest,
  responses: { 200: MessageResponse, 400: { description: "The token is invalid, used or expired." } },
});

export const sendVerificationRoute = defineRoute({
  method: "POST",
  path: "/api/auth/send-verification",
  surface: "api",
  auth: "user",
  operationId: "authSendVerification",
  summary: "Email a 6-digit verification code to the current user",
  description:
    "The code is valid for 15 minutes and 5 attempts; a new code replaces the old one. At most 10 codes per hour (429).",
  tags,
  responses: { 200: MessageResponse, 429: { description: "Too many codes requested." } },
});

export const verifyEmailRoute = defineRoute({
  method: "POST",
  path: "/api/auth/verify-email",
  surface: "api",
  auth: "user",
  operationId: "authVerifyEmail",
  summary: "Verify the email address with the code",
  description:
    "Also completes an email change started with POST /api/auth/change-email. 400 for a wrong, expired or exhausted code.",
  tags,
  body: VerifyEmailRequest,
  responses: { 200: MessageResponse, 400: { description: "Wrong, expired or exhausted code." }, 409: conflict },
});

export const invitationInfoRoute = defineRoute({
  method: "GET",
  path: "/api/auth/invitation/{token}",
  surface: "api",
  auth: "none",
  operationId: "authInvitationInfo",
  summary: "Look up an invitation",
  tags,
  params: z.object({ token: z.string().min(1).max(200) }),
  responses: { 200: InvitationInfo, 404: { description: "No invitation with this token." } },
});

export const acceptInvitationRoute = defineRoute({
  method: "POST",
  path: "/api/auth/accept-invitation",
  surface: "api",
  auth: "none",
  operationId: "authAcceptInvitation",
  summary: "Create the invited account and sign in",
  description:
    "The invitation's email is used, already verified. Single use; 400 when used or expired, 404 when unknown.",
  tags,
  body: AcceptInvitationRequest,
  responses: {
    200: TokenResponse,
    400: { description: "Invitation used or expired." },
    404: { description: "Unknown invitation." },
    409: conflict,
  },
});
