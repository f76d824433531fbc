import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalIssuer, type LocalIssuer } from "@/e2e/support/oidc-issuer";
import { registerUser } from "@/lib/auth/register-user";
import { resetOidcProviderForTests } from "@/lib/oidc/oidc-provider";
import { getConfig, resetConfigForTests, setConfigForTests } from "@/lib/config";
import { decryptSecret, encryptSecret } from "@/lib/crypto/encrypt-secret";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { AppError } from "@/lib/errors/app-error";
import { connectDrive } from "./connect-drive";
import { exchangeAuthorizationCode } from "./exchange-authorization-code";
import { getFreshAccessToken } from "./get-fresh-access-token";
import { saveCloudConnection } from "./save-cloud-connection";

// The drive's token endpoint and the identity provider are two local stand-ins, so each refresh
// must go to the endpoint that issued the grant. Both listen on loopback, which the outbound guard
// refuses unless private networks are allowed.
const client = { clientId: "docsvc-test", clientSecret: "s3cret" };
let tokenEndpoint: LocalIssuer;
let issuer: LocalIssuer;
let database: TestDatabase;

/** The stand-ins' addresses, with another token endpoint when one is given. */
function configuration(tokenUrl = `${tokenEndpoint.issuer}/token`) {
  return {
    CLOUD_TOKEN_URL: tokenUrl,
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: client.clientId,
    OIDC_CLIENT_SECRET: client.clientSecret,
    ALLOW_PRIVATE_NETWORK: "1",
  };
}

beforeAll(async () => {
  tokenEndpoint = await startLocalIssuer({ port: 0, ...client });
  issuer = await startLocalIssuer({ port: 0, ...client });
  setConfigForTests(configuration());
  database = await createTestDatabase({ serveGetDb: true });
  resetOidcProviderForTests();
});
afterAll(async () => {
  await database?.dispose();
  resetConfigForTests();
  await Promise.all([tokenEndpoint?.close(), issuer?.close()]);
});

let counter = 0;
async function connectedDrive() {
  const user = await registerUser({
    db: database.db,
    email: `drive${++counter}@example.test`,
    password: "a sensible passphrase",
  });
  const code = tokenEndpoint.issueCode({ sub: `drive-${counter}`, email: user.email });
  return connectDrive({ db: database.db, userId: user.id, code });
}

async function expire(connectionId: string) {
  const db = database.db;
  await db.cloudConnection.update({ where: { id: connectionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("getFreshAccessToken", () => {
  it("returns the stored token while it is valid, without asking the provider", async () => {
    const connection = await connectedDrive();
    const requests = tokenEndpoint.tokenRequests.length;
    const token = await getFreshAccessToken({ db: database.db, connectionId: connection.id });
    expect(token).toBe(decryptSecret(connection.accessTokenEnc));
    expect(tokenEndpoint.tokenRequests).toHaveLength(requests);
  });

  it("refreshes an expired drive token at CLOUD_TOKEN_URL and stores the new one encrypted", async () => {
    const connection = await connectedDrive();
    await expire(connection.id);
    const db = database.db;

    const token = await getFreshAccessToken({ db, connectionId: connection.id });
    expect(token).toMatch(/^at-/);
    expect(token).not.toBe(decryptSecret(connection.accessTokenEnc));
    const request = tokenEndpoint.tokenRequests.at(-1)!;
    expect(Object.fromEntries(request)).toEqual({
      grant_type: "refresh_token",
      refresh_token: decryptSecret(connection.refreshTokenEnc!),
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });

    const stored = await db.cloudConnection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(stored.accessTokenEnc).not.toContain(token);
    expect(decryptSecret(stored.accessTokenEnc)).toBe(token);
    expect(stored.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    // The provider did not rotate it, so the refresh token is kept.
    expect(decryptSecret(stored.refreshTokenEnc!)).toBe(decryptSecret(connection.refreshTokenEnc!));
    // Now valid again: the next caller gets the same token without a request.
    const requests = tokenEndpoint.tokenRequests.length;
    expect(await getFreshAccessToken({ db, connectionId: connection.id })).toBe(token);
    expect(tokenEndpoint.tokenRequests).toHaveLength(requests);
  });

  it("refreshes the calendar grant at the identity provider's token endpoint", async () => {
    const user = await registerUser({
      db: database.db,
      email: "calendar@example.test",
      password: "a sensible passphrase",
    });
    const code = issuer.issueCode(
      { sub: "cal-1", email: user.email },
      { scope: "openid https://www.googleapis.com/auth/calendar.readonly" },
    );
    const tokens = await exchangeAuthorizationCode({
      tokenUrl: `${issuer.issuer}/token`,
      code,
      ...client,
      redirectUri: "postmessage",
    });
    const connection = await saveCloudConnection({
      db: database.db,
      userId: user.id,
      provider: "google_calendar",
      tokens,
      accountEmail: user.email,
    });
    await expire(connection.id);

    const drivesBefore = tokenEndpoint.tokenRequests.length;
    const token = await getFreshAccessToken({ db: database.db, connectionId: connection.id });
    expect(token).not.toBe(tokens.access_token);
    expect(issuer.tokenRequests.at(-1)!.get("refresh_token")).toBe(tokens.refresh_token);
    expect(tokenEndpoint.tokenRequests).toHaveLength(drivesBefore);
  });

  it("marks the connection revoked when the provider refuses the refresh token", async () => {
    const connection = await connectedDrive();
    const db = database.db;
    await db.cloudConnection.update({
      where: { id: connection.id },
      data: { expiresAt: new Date(Date.now() - 1000), refreshTokenEnc: encryptSecret("rt-unknown") },
    });
    const error = await rejection(getFreshAccessToken({ db, connectionId: connection.id }));
    expect(error.code).toBe("conflict");
    expect(error.message).toMatch(/revoked/);
    expect((await db.cloudConnection.findUniqueOrThrow({ where: { id: connection.id } })).status).toBe("revoked");
    // A revoked connection is not tried again.
    expect((await rejection(getFreshAccessToken({ db, connectionId: connection.id }))).message).toMatch(/is revoked/);
  });

  it("refuses an expired token without a refresh token, an unknown connection, and an unreachable provider", async () => {
    const connection = await connectedDrive();
    const db = database.db;
    await db.cloudConnection.update({
      where: { id: connection.id },
      data: { expiresAt: new Date(Date.now() - 1000), refreshTokenEnc: null },
    });
    expect((await rejection(getFreshAccessToken({ db, connectionId: connection.id }))).message).toMatch(
      /no refresh token/,
    );
    expect(
      (await rejection(getFreshAccessToken({ db, connectionId: "00000000-0000-4000-8000-000000000000" }))).code,
    ).toBe("not_found");

    const other = await connectedDrive();
    await expire(other.id);
    setConfigForTests(configuration("http://127.0.0.1:1/token"));
    try {
      expect(getConfig().CLOUD_TOKEN_URL).toBe("http://127.0.0.1:1/token");
      expect((await rejection(getFreshAccessToken({ db, connectionId: other.id }))).code).toBe("service_unavailable");
      // A provider outage is no revocation.
      expect((await db.cloudConnection.findUniqueOrThrow({ where: { id: other.id } })).status).toBe("active");
    } finally {
      setConfigForTests(configuration());
    }
  });
});
