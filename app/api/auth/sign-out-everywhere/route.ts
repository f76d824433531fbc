import { signOutEverywhereRoute } from "@/lib/auth/account.contract";
import { signOutEverywhere } from "@/lib/auth/sign-out-everywhere";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/sign-out-everywhere – revoke every token and session of the caller
const signOut = route(signOutEverywhereRoute, async ({ caller }) => {
  await signOutEverywhere({ db: await getDb(), userId: caller.user.id });
  return { message: "Signed out everywhere. Every earlier access token and session has been revoked." };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(signOut);
