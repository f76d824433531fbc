import { getDb } from "@/lib/db";
import { issueTokenResponse } from "@/lib/auth/issue-token-response";
import { idpVerifyRoute } from "@/lib/auth/oidc/idp.contract";
import { getOidcProvider } from "@/lib/oidc/oidc-provider";
import { signInWithIdentity } from "@/lib/auth/oidc/sign-in-with-identity";
import { verifyIdToken } from "@/lib/auth/oidc/verify-id-token";
import { route, serveRoutes } from "@/lib/http";

// POST /api/auth/idp/verify – sign in with an ID token the front end got from the provider
const verify = route(idpVerifyRoute, async ({ body }) => {
  const provider = await getOidcProvider();
  const claims = await verifyIdToken(provider, (body.id_token ?? body.credential)!, body.nonce);
  const { user, isNewUser } = await signInWithIdentity({
    db: await getDb(),
    issuer: provider.issuer,
    claims,
    invitationToken: body.invitation_token,
  });
  return { ...(await issueTokenResponse(user)), is_new_user: isNewUser };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(verify);
