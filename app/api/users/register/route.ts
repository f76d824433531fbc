import { registerUser } from "@/lib/auth/register-user";
import { route, serveRoutes } from "@/lib/http";
import { toUsersUserResponse } from "@/lib/users/to-users-user-response";
import { usersRegisterRoute } from "@/lib/users/users.contract";

// POST /api/users/register – create an account (answers the account, not a token)
const register = route(usersRegisterRoute, async ({ body }) => toUsersUserResponse(await registerUser(body)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(register);
