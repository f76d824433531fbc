import { signAccessToken } from "./access-token";
import type { z } from "zod";
import type { TokenResponse } from "./schemas";
import { toAuthUser, type UserRecord } from "./to-auth-user";

/** A fresh access token for the user, shaped as the spec's TokenResponse. */
export async function issueTokenResponse(
  user: UserRecord & { tokenVersion: number },
): Promise<z.infer<typeof TokenResponse>> {
  const { token, expiresIn } = await signAccessToken(user);
  return { access_token: token, token_type: "bearer", expires_in: expiresIn, user: toAuthUser(user) };
}
