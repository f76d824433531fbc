import { verifyEmailRoute } from "@/lib/auth/auth.contract";
import { verifyEmailCode } from "@/lib/auth/verify-email-code";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/verify-email – check the code (also completes an email change)
const verifyEmail = route(verifyEmailRoute, async ({ caller, body }) => {
  const result = await verifyEmailCode({ db: await getDb(), userId: caller.user.id, code: body.code });
  return {
    message: result.changed ? `Your email address is now ${result.email}.` : "Your email address has been verified.",
  };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(verifyEmail);
