import { deleteAccountRoute } from "@/lib/auth/account.contract";
import { deleteAccount } from "@/lib/auth/delete-account";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";
import { toUsersUserResponse } from "@/lib/users/to-users-user-response";
import { usersMeRoute } from "@/lib/users/users.contract";

// GET /api/users/me – the current user
const getMe = route(usersMeRoute, async ({ caller }) =>
  toUsersUserResponse(caller.user as Parameters<typeof toUsersUserResponse>[0]),
);

// DELETE /api/users/me – delete the account and everything in it, after re-entering the password
const deleteMe = route(deleteAccountRoute, async ({ caller, body }) => {
  await deleteAccount({
    db: await getDb(),
    store: getBlobStore(),
    userId: caller.user.id,
    password: body.password,
    confirmEmail: body.confirm_email,
  });
  return { message: "Your account and all its data have been deleted." };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(getMe, deleteMe);
