import { createHash } from "node:crypto";
import { AppError } from "@/lib/errors/app-error";
import type { Db } from "@/lib/db";
import { resolveAccessToken } from "@/lib/auth/caller/resolve-caller";
import { generateSecretToken } from "../secret-token";
import { sealFlowState, type FlowState } from "./flow-state";
import { getOidcProvider } from "@/lib/oidc/oidc-provider";

/**
 * Starts an authorization-code flow with state, nonce and PKCE (S256). combined signs in (or onboards
 * an invitation) and asks for calendar consent at once; connect only adds the calendar grant to the
 * user of auth_token, which is checked now so the callback needs no token in its URL. The provider
 * sends the browser back to `appOrigin` (lib/auth/caller/app-origin), where the flow began; the
 * redirect URI is sealed into the flow, so the code is redeemed with the very same one.
 */
export async function startIdpFlow(input: {
  db: Db;
  mode: "combined" | "connect";
  appOrigin: string;
  invitationToken?: string;
  authToken?: string;
}) {
  const provider = await getOidcProvider();
  let userId: string | undefined;
  if (input.mode === "connect") {
    if (!input.authToken) throw new AppError("unauthorized", "auth_token is required to connect a calendar");
    userId = (await resolveAccessToken({ db: input.db, token: input.authToken })).user.id;
  }
  const flow: FlowState = {
    state: generateSecretToken(),
    nonce: generateSecretToken(),
    codeVerifier: generateSecretToken(48),
    mode: input.mode,
    invitationToken: input.invitationToken,
    userId,
    redirectUri: new URL("/api/auth/idp/callback", input.appOrigin).toString(),
  };
  const url = new URL(provider.authorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: provider.clientId,
    redirect_uri: flow.redirectUri,
    scope: provider.scopes,
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: createHash("sha256").update(flow.codeVerifier).digest("base64url"),
    code_challenge_method: "S256",
    // Google's names for "give a refresh token" and "ask consent again so it is given".
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
  }).toString();
  return { authorizationUrl: url.toString(), state: flow.state, sealedFlow: await sealFlowState(flow) };
}
