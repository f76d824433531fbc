import { getClientAddress } from "@/lib/auth/client-address";
import { registerUser } from "@/lib/auth/register-user";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { toUsersUserResponse } from "@/lib/users/to-users-user-response";
import { usersRegisterRoute } from "@/lib/users/users.contract";

// POST /api/users/register – create an account (answers the account, not a token)
const register = route(usersRegisterRoute, async ({ req, body }) =>
  toUsersUserResponse(await registerUser({ db: await getDb(), ...body, clientAddress: getClientAddress(req) })),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(register);
