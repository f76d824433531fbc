import { CLOUD_TOKEN_PORT, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ISSUER_PORT } from "./local-providers";
import { startLocalIssuer } from "./oidc-issuer";

/**
 * Starts one local OIDC issuer and one cloud token endpoint for the whole run (both suites, every
 * worker); the function returned is Playwright's global teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const options = { clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET };
  const issuer = await startOn(OIDC_ISSUER_PORT, () => startLocalIssuer({ port: OIDC_ISSUER_PORT, ...options }));
  const tokenEndpoint = await startOn(CLOUD_TOKEN_PORT, () =>
    startLocalIssuer({ port: CLOUD_TOKEN_PORT, ...options }),
  ).catch(async (error: unknown) => {
    await issuer.close();
    throw error;
  });
  return async () => {
    await Promise.all([issuer.close(), tokenEndpoint.close()]);
  };
}

async function startOn<T>(port: number, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    // The app's configuration names these fixed ports, so another run holding them cannot be worked around here.
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new Error(`Port ${port} is in use (another Playwright run?); the local identity provider needs it`, {
        cause: error,
      });
    }
    throw error;
  }
}
