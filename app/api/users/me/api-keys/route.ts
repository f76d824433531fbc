import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { createApiKey } from "@/lib/users/create-api-key";
import { listApiKeys } from "@/lib/users/list-api-keys";
import { createApiKeyRoute, listApiKeysRoute } from "@/lib/users/users.contract";

// POST /api/users/me/api-keys – create a key (the full key is shown once)
const create = route(createApiKeyRoute, async ({ caller, body }) =>
  createApiKey({ db: await getDb(), userId: caller.user.id, name: body.name }),
);

// GET /api/users/me/api-keys – the caller's keys without the keys themselves
const list = route(listApiKeysRoute, async ({ caller }) => listApiKeys({ db: await getDb(), userId: caller.user.id }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(create, list);
