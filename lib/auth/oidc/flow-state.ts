import { hkdfSync } from "node:crypto";
import { EncryptJWT, jwtDecrypt } from "jose";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { getAuthSecret } from "@/lib/crypto/auth-secret";

/** What the callback needs to finish the flow the connect request started. */
export const FlowState = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  mode: z.enum(["combined", "connect"]),
  invitationToken: z.string().optional(),
  /** The signed-in user a connect-mode flow adds the calendar grant to. */
  userId: z.string().optional(),
  /** The callback the provider was told to return to; the code exchange must name the same. */
  redirectUri: z.string().url(),
});
export type FlowState = z.infer<typeof FlowState>;

export const FLOW_COOKIE = "docsvc_idp_flow";
export const FLOW_TTL_SECONDS = 10 * 60;

function flowKey(): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", getAuthSecret(), "", "docsvc idp flow state", 32));
}

/**
 * The flow state sealed (encrypted and authenticated) for an HttpOnly cookie: the PKCE verifier and
 * nonce never leave the server readable, and the callback is bound to the browser that started it.
 */
export async function sealFlowState(flow: FlowState): Promise<string> {
  return new EncryptJWT({ ...flow })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
    .encrypt(flowKey());
}

export async function openFlowState(sealed: string | undefined, state: string): Promise<FlowState> {
  if (!sealed) throw new AppError("bad_request", "No sign-in in progress in this browser; start again");
  let payload: unknown;
  try {
    ({ payload } = await jwtDecrypt(sealed, flowKey()));
  } catch (error) {
    throw new AppError("bad_request", "The sign-in has expired or was tampered with; start again", { cause: error });
  }
  const flow = FlowState.safeParse(payload);
  if (!flow.success || flow.data.state !== state)
    throw new AppError("bad_request", "The sign-in state does not match; start again");
  return flow.data;
}
