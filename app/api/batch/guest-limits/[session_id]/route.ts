import { getDb } from "@/lib/db";
import { getGuestLimits } from "@/lib/guest/get-guest-limits";
import { getGuestLimitsRoute } from "@/lib/guest/guest.contract";
import { route, serveRoutes } from "@/lib/http";

// GET /api/batch/guest-limits/{session_id} – what a guest session used and may still upload
const limits = route(getGuestLimitsRoute, async ({ params }) =>
  getGuestLimits({ db: await getDb(), sessionId: params.session_id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(limits);
