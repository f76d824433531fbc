import { invitationInfoRoute } from "@/lib/auth/auth.contract";
import { getInvitationInfo } from "@/lib/auth/get-invitation-info";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// GET /api/auth/invitation/{token} – who invited whom, and whether it is still valid
const invitationInfo = route(invitationInfoRoute, async ({ params }) =>
  getInvitationInfo({ db: await getDb(), token: params.token }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(invitationInfo);
