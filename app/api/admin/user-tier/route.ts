import { assertAdminSecret } from "@/lib/admin/admin-secret";
import { setUserTierRoute } from "@/lib/admin/admin.contract";
import { changeUserTier } from "@/lib/admin/change-user-tier";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/admin/user-tier – operator: show or change a user's tier (npm run user:tier while the app runs)
const setTier = route(setUserTierRoute, async ({ req, body }) => {
  assertAdminSecret(req);
  return changeUserTier({ db: await getDb(), ...body });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(setTier);
