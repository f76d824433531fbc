import { getDb } from "@/lib/db";
import { FLOW_COOKIE, FLOW_TTL_SECONDS } from "@/lib/auth/oidc/flow-state";
import { idpConnectRoute } from "@/lib/auth/oidc/idp.contract";
import { startIdpFlow } from "@/lib/auth/oidc/start-idp-flow";
import { appOrigin } from "@/lib/auth/caller/app-origin";
import { route, serveRoutes } from "@/lib/http";

// GET /api/auth/idp/connect – start sign-in (combined) or a calendar grant (connect) at the provider
const connect = route(idpConnectRoute, async ({ req, query }) => {
  const mode = query.mode as "combined" | "connect";
  const origin = appOrigin(req);
  const flow = await startIdpFlow({
    db: await getDb(),
    mode,
    appOrigin: origin,
    invitationToken: query.invitation_token,
    authToken: query.auth_token,
  });
  const wantsHtml = (req.headers.get("accept") ?? "").includes("text/html");
  const response = wantsHtml
    ? new Response(null, { status: 302, headers: { Location: flow.authorizationUrl } })
    : Response.json({ authorization_url: flow.authorizationUrl, state: flow.state, mode });
  const secure = origin.startsWith("https:") ? "; Secure" : "";
  response.headers.append(
    "Set-Cookie",
    `${FLOW_COOKIE}=${flow.sealedFlow}; Path=/api/auth/idp; Max-Age=${FLOW_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  );
  return response;
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(connect);
