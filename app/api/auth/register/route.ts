import { registerRoute } from "@/lib/auth/auth.contract";
import { issueTokenResponse } from "@/lib/auth/issue-token-response";
import { registerUser } from "@/lib/auth/register-user";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/register – create an account and answer a token
const register = route(registerRoute, async ({ body }) => issueTokenResponse(await registerUser(body)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(register);
