import { acceptInvitation } from "@/lib/auth/accept-invitation";
import { acceptInvitationRoute } from "@/lib/auth/auth.contract";
import { issueTokenResponse } from "@/lib/auth/issue-token-response";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/accept-invitation – create the invited account and sign in
const accept = route(acceptInvitationRoute, async ({ body }) =>
  issueTokenResponse(await acceptInvitation({ db: await getDb(), ...body })),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(accept);
