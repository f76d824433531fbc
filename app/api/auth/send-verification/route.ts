import { sendVerificationRoute } from "@/lib/auth/auth.contract";
import { sendVerificationCode } from "@/lib/auth/send-verification-code";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/send-verification – email a code to the current user's address
const sendVerification = route(sendVerificationRoute, async ({ caller }) => {
  if (caller.user.emailVerifiedAt) return { message: "Your email address is already verified." };
  await sendVerificationCode({ db: await getDb(), userId: caller.user.id, email: caller.user.email });
  return { message: `A verification code has been sent to ${caller.user.email}.` };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(sendVerification);
