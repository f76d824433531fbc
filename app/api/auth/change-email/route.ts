import { changeEmailRoute } from "@/lib/auth/account.contract";
import { requestEmailChange } from "@/lib/auth/request-email-change";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/change-email – send a code to the new address; verify-email completes the change
const changeEmail = route(changeEmailRoute, async ({ caller, body }) => {
  await requestEmailChange({
    db: await getDb(),
    userId: caller.user.id,
    currentPassword: body.current_password,
    newEmail: body.new_email,
  });
  return { message: `A verification code has been sent to ${body.new_email}. Enter it to complete the change.` };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(changeEmail);
