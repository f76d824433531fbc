import { forgotPasswordRoute } from "@/lib/auth/auth.contract";
import { requestPasswordReset } from "@/lib/auth/request-password-reset";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/forgot-password – email a reset link (same answer for unknown addresses)
const forgotPassword = route(forgotPasswordRoute, async ({ body }) => {
  await requestPasswordReset(body);
  return { message: "If an account exists for this email, a password reset link has been sent." };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(forgotPassword);
