import { createInvitation } from "@/lib/auth/create-invitation";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { createInvitationRoute } from "@/lib/users/users.contract";

// POST /api/users/invitations – invite an email address (the link goes by email only)
const invite = route(createInvitationRoute, async ({ caller, body }) => {
  const { invitation, emailStatus } = await createInvitation({
    db: await getDb(),
    inviterId: caller.user.id,
    email: body.email,
  });
  return {
    invitation_id: invitation.id,
    email: invitation.email,
    expires_at: invitation.expiresAt.toISOString(),
    email_status: emailStatus,
  };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(invite);
