import { exchangeAuthorizationCode } from "@/lib/cloud/exchange-authorization-code";
import { saveCloudConnection } from "@/lib/cloud/save-cloud-connection";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { openFlowState } from "./flow-state";
import { getOidcProvider } from "@/lib/oidc/oidc-provider";
import { signInWithIdentity } from "./sign-in-with-identity";
import { verifyIdToken } from "./verify-id-token";

/**
 * The provider's redirect back: checks state against the browser's sealed flow, exchanges the code
 * (with the PKCE verifier), verifies the ID token (nonce included), then signs in or links the user
 * (combined) and stores the calendar grant with its tokens encrypted (both modes).
 */
export async function completeIdpFlow(input: { db: Db; code: string; state: string; sealedFlow: string | undefined }) {
  const { db } = input;
  const flow = await openFlowState(input.sealedFlow, input.state);
  const provider = await getOidcProvider();
  const tokens = await exchangeAuthorizationCode({
    tokenUrl: provider.tokenEndpoint,
    code: input.code,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    redirectUri: flow.redirectUri,
    codeVerifier: flow.codeVerifier,
  });
  if (!tokens.id_token) throw new AppError("service_unavailable", "The identity provider returned no ID token");
  const claims = await verifyIdToken(provider, tokens.id_token, flow.nonce);

  let user;
  let isNewUser = false;
  if (flow.mode === "connect") {
    user = await db.user.findUnique({ where: { id: flow.userId } });
    if (!user) throw new AppError("unauthorized", "The account that started this connection no longer exists");
  } else {
    ({ user, isNewUser } = await signInWithIdentity({
      db,
      issuer: provider.issuer,
      claims,
      invitationToken: flow.invitationToken,
    }));
  }
  const connection = await saveCloudConnection({
    db,
    userId: user.id,
    provider: "google_calendar",
    tokens,
    accountEmail: claims.email,
  });
  return { mode: flow.mode, user, isNewUser, connection };
}
