import { resetPasswordRoute } from "@/lib/auth/auth.contract";
import { resetPassword } from "@/lib/auth/reset-password";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/reset-password – new password with the emailed token
const reset = route(resetPasswordRoute, async ({ body }) => {
  await resetPassword({ db: await getDb(), token: body.token, newPassword: body.new_password });
  return { message: "Your password has been reset. Sign in with the new password." };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(reset);
