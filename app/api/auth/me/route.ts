import { meRoute } from "@/lib/auth/auth.contract";
import { toAuthUser } from "@/lib/auth/to-auth-user";
import { route, serveRoutes } from "@/lib/http";

// GET /api/auth/me – the signed-in user
const me = route(meRoute, async ({ caller }) => toAuthUser(caller.user as Parameters<typeof toAuthUser>[0]));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(me);
