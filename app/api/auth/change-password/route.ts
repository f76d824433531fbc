import { changePasswordRoute } from "@/lib/auth/account.contract";
import { changePassword } from "@/lib/auth/change-password";
import { issueTokenResponse } from "@/lib/auth/issue-token-response";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/change-password – new password; earlier tokens stop working, this client gets a new one
const change = route(changePasswordRoute, async ({ caller, body }) =>
  issueTokenResponse(
    await changePassword({
      db: await getDb(),
      userId: caller.user.id,
      currentPassword: body.current_password,
      newPassword: body.new_password,
    }),
  ),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(change);
