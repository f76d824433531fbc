import { registerRoute } from "@/lib/auth/auth.contract";
import { getClientAddress } from "@/lib/auth/client-address";
import { issueTokenResponse } from "@/lib/auth/issue-token-response";
import { registerUser } from "@/lib/auth/register-user";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/register – create an account and answer a token
const register = route(registerRoute, async ({ req, body }) =>
  issueTokenResponse(await registerUser({ db: await getDb(), ...body, clientAddress: getClientAddress(req) })),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(register);
