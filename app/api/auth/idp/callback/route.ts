import { getDb } from "@/lib/db";
import { issueTokenResponse } from "@/lib/auth/issue-token-response";
import { completeIdpFlow } from "@/lib/auth/oidc/complete-idp-flow";
import { FLOW_COOKIE } from "@/lib/auth/oidc/flow-state";
import { idpCallbackRoute } from "@/lib/auth/oidc/idp.contract";
import { toAuthUser } from "@/lib/auth/to-auth-user";
import { toCloudConnectionResponse } from "@/lib/cloud/to-cloud-connection-response";
import { AppError, route, serveRoutes } from "@/lib/http";

// GET /api/auth/idp/callback – finish the flow: sign in or link, store the calendar grant
const callback = route(idpCallbackRoute, async ({ req, query }) => {
  if (query.error)
    throw new AppError("bad_request", `The identity provider refused: ${query.error_description ?? query.error}`);
  if (!query.code || !query.state) throw new AppError("bad_request", "code and state are required");
  const sealedFlow = readCookie(req, FLOW_COOKIE);
  const result = await completeIdpFlow({ db: await getDb(), code: query.code, state: query.state, sealedFlow });
  const signIn = result.mode === "combined" ? await issueTokenResponse(result.user) : undefined;
  const response = Response.json({
    mode: result.mode,
    ...(signIn
      ? { access_token: signIn.access_token, token_type: signIn.token_type, expires_in: signIn.expires_in }
      : {}),
    user: toAuthUser(result.user),
    is_new_user: result.isNewUser,
    calendar_connection: toCloudConnectionResponse(result.connection),
  });
  // The flow is spent: its cookie goes, so the same redirect cannot be replayed.
  response.headers.append("Set-Cookie", `${FLOW_COOKIE}=; Path=/api/auth/idp; Max-Age=0; HttpOnly; SameSite=Lax`);
  return response;
});

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(callback);
