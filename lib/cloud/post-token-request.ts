import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { safeFetch } from "@/lib/net/safe-fetch";
import { UnsafeUrlError } from "@/lib/net/ssrf-guard";

const TokenEndpointResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  refresh_token: z.string().optional(),
  expires_in: z.coerce.number().optional(),
  scope: z.string().optional(),
  id_token: z.string().optional(),
});

export type ExchangedTokens = z.infer<typeof TokenEndpointResponse>;

const TIMEOUT_MS = 15_000;

/**
 * One OAuth 2.0 token request (client_secret_post) at a token endpoint the operator configured. A
 * refusal by the provider (4xx) is AppError("bad_request") naming `grant` and the provider's error
 * code, which callers may inspect as `providerError`; an unreachable or broken provider is 503. The
 * call goes through the SSRF guard like every outbound request: a token endpoint on a private or
 * loopback address is refused unless ALLOW_PRIVATE_NETWORK=1, and a redirect is never followed.
 */
export async function postTokenRequest(
  tokenUrl: string,
  form: URLSearchParams,
  grant: string,
): Promise<ExchangedTokens> {
  let response: Response;
  try {
    response = await safeFetch(
      tokenUrl,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: form.toString(),
      },
      { timeoutMs: TIMEOUT_MS, maxResponseBytes: 1024 * 1024 },
    );
  } catch (error) {
    const reason = error instanceof UnsafeUrlError ? `: its token endpoint is refused (${error.message})` : "";
    throw new AppError("service_unavailable", `The identity provider could not be reached${reason}`, { cause: error });
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status >= 400 && response.status < 500) {
    const reason = z.object({ error: z.string() }).safeParse(body);
    throw new TokenRequestRefused(
      `The provider refused the ${grant}${reason.success ? ` (${reason.data.error})` : ""}`,
      reason.success ? reason.data.error : undefined,
    );
  }
  const parsed = TokenEndpointResponse.safeParse(body);
  if (!response.ok || !parsed.success) {
    throw new AppError("service_unavailable", `The identity provider answered unexpectedly (HTTP ${response.status})`);
  }
  return parsed.data;
}

/** The provider said no (HTTP 4xx); `providerError` is its OAuth error code (invalid_grant, …) when given. */
export class TokenRequestRefused extends AppError {
  constructor(
    message: string,
    readonly providerError: string | undefined,
  ) {
    super("bad_request", message);
  }
}
