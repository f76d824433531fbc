import { getClientAddress } from "@/lib/auth/client-address";
import { getDb } from "@/lib/db";
import { createGuestSession } from "@/lib/guest/create-guest-session";
import { createGuestSessionRoute } from "@/lib/guest/guest.contract";
import { route, serveRoutes } from "@/lib/http";

// GET /api/batch/guest-session – a new guest session (3 per address per day)
const create = route(createGuestSessionRoute, async ({ req }) =>
  createGuestSession({ db: await getDb(), clientAddress: getClientAddress(req) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(create);
