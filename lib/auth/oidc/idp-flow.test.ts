import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalIssuer, type LocalIssuer } from "@/e2e/support/oidc-issuer";
import { decryptSecret } from "@/lib/crypto/encrypt-secret";
import { resetConfigForTests, setConfigForTests } from "@/lib/config";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { AppError } from "@/lib/errors/app-error";
import { signAccessToken } from "../access-token";
import { registerUser } from "../register-user";
import { completeIdpFlow } from "./complete-idp-flow";
import { getOidcProvider, resetOidcProviderForTests } from "@/lib/oidc/oidc-provider";
import { startIdpFlow } from "./start-idp-flow";
import { verifyIdToken } from "./verify-id-token";

let issuer: LocalIssuer;
const appOrigin = "http://127.0.0.1:3999";
let database: TestDatabase;

beforeAll(async () => {
  issuer = await startLocalIssuer({ port: 0, clientId: "docsvc-test", clientSecret: "s3cret" });
  setConfigForTests({
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: "docsvc-test",
    OIDC_CLIENT_SECRET: "s3cret",
    APP_URL: "http://127.0.0.1:3999",
    ALLOW_PRIVATE_NETWORK: "1",
  });
  database = await createTestDatabase({ serveGetDb: true });
  resetOidcProviderForTests();
});
afterAll(async () => {
  await database?.dispose();
  resetConfigForTests();
  await issuer?.close();
});

/** Follows the authorization URL to the local issuer and returns what it redirected back with. */
async function authorize(url: string): Promise<{ code: string; state: string }> {
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("location")!);
  expect(back.pathname).toBe("/api/auth/idp/callback");
  return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")! };
}

describe("identity-provider flow", () => {
  it("signs up a new user and stores the calendar grant encrypted", async () => {
    issuer.nextIdentity = { sub: "sub-ann", email: "Ann@Example.test", email_verified: true, name: "Ann" };
    const flow = await startIdpFlow({ db: database.db, mode: "combined", appOrigin });
    const url = new URL(flow.authorizationUrl);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBe(flow.state);
    const { code, state } = await authorize(flow.authorizationUrl);

    const result = await completeIdpFlow({ db: database.db, code, state, sealedFlow: flow.sealedFlow });
    expect(result).toMatchObject({ mode: "combined", isNewUser: true, user: { email: "ann@example.test" } });
    expect(result.user.emailVerifiedAt).not.toBeNull();
    expect(result.connection.provider).toBe("google_calendar");
    expect(result.connection.accessTokenEnc).not.toMatch(/^at-/);
    expect(decryptSecret(result.connection.accessTokenEnc)).toMatch(/^at-/);

    // The same identity signs in to the same account.
    const again = await startIdpFlow({ db: database.db, mode: "combined", appOrigin });
    const second = await completeIdpFlow({
      db: database.db,
      ...(await authorize(again.authorizationUrl)),
      sealedFlow: again.sealedFlow,
    });
    expect(second).toMatchObject({ isNewUser: false, user: { id: result.user.id } });
  });

  it("sends the browser back to the address the flow began at, and redeems the code with that callback", async () => {
    issuer.nextIdentity = { sub: "sub-lan", email: "lan@example.test", email_verified: true };
    const flow = await startIdpFlow({ db: database.db, mode: "combined", appOrigin: "http://10.0.0.7:3000" });
    const callback = new URL(flow.authorizationUrl).searchParams.get("redirect_uri");
    expect(callback).toBe("http://10.0.0.7:3000/api/auth/idp/callback");
    const { code, state } = await authorize(flow.authorizationUrl);
    // The issuer refuses a code redeemed with another redirect_uri than it was issued for.
    const result = await completeIdpFlow({ db: database.db, code, state, sealedFlow: flow.sealedFlow });
    expect(result.user.email).toBe("lan@example.test");
    expect(issuer.tokenRequests.findLast((form) => form.get("code") === code)?.get("redirect_uri")).toBe(callback);
  });

  it("refuses a callback whose state does not match the browser's flow", async () => {
    const first = await startIdpFlow({ db: database.db, mode: "combined", appOrigin });
    const other = await startIdpFlow({ db: database.db, mode: "combined", appOrigin });
    const { code, state } = await authorize(first.authorizationUrl);
    await expect(completeIdpFlow({ db: database.db, code, state, sealedFlow: other.sealedFlow })).rejects.toMatchObject(
      {
        code: "bad_request",
      },
    );
    await expect(completeIdpFlow({ db: database.db, code, state, sealedFlow: undefined })).rejects.toMatchObject({
      code: "bad_request",
    });
  });

  it("connect mode adds the grant to the user of auth_token only", async () => {
    const user = await registerUser({
      db: database.db,
      email: "carl@example.test",
      password: "a sensible passphrase",
    });
    const { token } = await signAccessToken(user);
    issuer.nextIdentity = { sub: "sub-carl-google", email: "carl.other@example.test", email_verified: true };
    const flow = await startIdpFlow({ db: database.db, mode: "connect", authToken: token, appOrigin });
    const result = await completeIdpFlow({
      db: database.db,
      ...(await authorize(flow.authorizationUrl)),
      sealedFlow: flow.sealedFlow,
    });
    expect(result).toMatchObject({
      mode: "connect",
      user: { id: user.id },
      connection: { accountEmail: "carl.other@example.test" },
    });
    const db = database.db;
    expect(await db.user.count({ where: { email: "carl.other@example.test" } })).toBe(0);
    await expect(
      startIdpFlow({ db: database.db, mode: "connect", authToken: "not-a-token", appOrigin }),
    ).rejects.toBeInstanceOf(AppError);
    await expect(startIdpFlow({ db: database.db, mode: "connect", appOrigin })).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("verifies ID tokens: forged, expired and wrong-audience tokens are refused", async () => {
    const provider = await getOidcProvider();
    const good = await issuer.signIdToken({ sub: "s1", email: "d@example.test", email_verified: true, nonce: "n1" });
    await expect(verifyIdToken(provider, good, "n1")).resolves.toMatchObject({
      subject: "s1",
      email: "d@example.test",
      emailVerified: true,
    });
    await expect(verifyIdToken(provider, good, "other")).rejects.toMatchObject({ code: "unauthorized" });
    const forged = await issuer.signIdToken({ sub: "s1" }, { foreignKey: true });
    await expect(verifyIdToken(provider, forged)).rejects.toMatchObject({ code: "unauthorized" });
    const expired = await issuer.signIdToken({ sub: "s1" }, { expiresIn: Math.floor(Date.now() / 1000) - 3600 });
    await expect(verifyIdToken(provider, expired)).rejects.toMatchObject({ code: "unauthorized", message: /expired/ });
    const wrongAudience = await issuer.signIdToken({ sub: "s1" }, { audience: "someone-else" });
    await expect(verifyIdToken(provider, wrongAudience)).rejects.toMatchObject({ code: "unauthorized" });
    const wrongIssuer = await issuer.signIdToken({ sub: "s1" }, { issuer: "https://evil.example" });
    await expect(verifyIdToken(provider, wrongIssuer)).rejects.toMatchObject({ code: "unauthorized" });
  });
});
