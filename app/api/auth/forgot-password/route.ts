import { after } from "next/server";
import { forgotPasswordRoute } from "@/lib/auth/auth.contract";
import { requestPasswordResetInBackground } from "@/lib/auth/request-password-reset-in-background";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/forgot-password – email a reset link (same answer, in the same time, for unknown addresses)
const forgotPassword = route(forgotPasswordRoute, async ({ body }) => {
  requestPasswordResetInBackground({ db: await getDb(), email: body.email, runAfterResponse: after });
  return { message: "If an account exists for this email, a password reset link has been sent." };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(forgotPassword);
