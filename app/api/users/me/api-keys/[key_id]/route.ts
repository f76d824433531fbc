import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { deactivateApiKey } from "@/lib/users/deactivate-api-key";
import { deactivateApiKeyRoute } from "@/lib/users/users.contract";

// DELETE /api/users/me/api-keys/{key_id} – deactivate one of the caller's keys
const deactivate = route(deactivateApiKeyRoute, async ({ caller, params }) => {
  await deactivateApiKey({ db: await getDb(), userId: caller.user.id, keyId: params.key_id });
  return { message: "API key deactivated", key_id: params.key_id, is_active: false as const };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(deactivate);
