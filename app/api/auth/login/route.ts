import { loginRoute } from "@/lib/auth/auth.contract";
import { authenticateWithPassword } from "@/lib/auth/authenticate-with-password";
import { getClientAddress } from "@/lib/auth/client-address";
import { issueTokenResponse } from "@/lib/auth/issue-token-response";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/login – email and password for a token
const login = route(loginRoute, async ({ req, body }) =>
  issueTokenResponse(
    await authenticateWithPassword({ db: await getDb(), ...body, clientAddress: getClientAddress(req) }),
  ),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(login);
