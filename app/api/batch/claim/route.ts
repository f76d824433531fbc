import { getDb } from "@/lib/db";
import { claimGuestSession } from "@/lib/guest/claim-guest-session";
import { claimGuestBatchesRoute } from "@/lib/guest/guest.contract";
import { route, serveRoutes } from "@/lib/http";

// POST /api/batch/claim – move a guest session's batches to the signed-in account
const claim = route(claimGuestBatchesRoute, async ({ caller, body }) =>
  claimGuestSession({ db: await getDb(), userId: caller.user.id, guestSessionId: body.guest_session_id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(claim);
