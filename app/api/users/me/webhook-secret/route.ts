import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getWebhookSecretRoute, rotateWebhookSecretRoute } from "@/lib/webhooks/webhook-secret.contract";
import { getOrCreateWebhookSecret, rotateWebhookSecret } from "@/lib/webhooks/webhook-secret";

// GET /api/users/me/webhook-secret – the signing secret, created on first read
const get = route(getWebhookSecretRoute, async ({ caller }) => ({
  secret: await getOrCreateWebhookSecret({ db: await getDb(), userId: caller.user.id }),
}));

// POST /api/users/me/webhook-secret – replace the signing secret
const rotate = route(rotateWebhookSecretRoute, async ({ caller }) => ({
  secret: await rotateWebhookSecret({ db: await getDb(), userId: caller.user.id }),
}));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(get, rotate);
