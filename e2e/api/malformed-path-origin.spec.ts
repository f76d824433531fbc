import { expect, test } from "../support/fixtures";
import { bearer, createUser, latestEmail, uniqueClientAddress } from "../support/accounts";

// A path that does not percent-decode gets the same JSON 400 with a body as without one, and the
// app's own address: APP_URL (set in the test server) stays the origin, and mail links never come
// from a request's Host or forwarded host.

const MALFORMED_PATHS = [
  "/v1/jobs/%ff/cancel",
  "/v1/fill/%ff",
  "/v1/extract/%ff",
  "/api/batch/%ff/export/pdf",
  "/api/batch/documents/%ff/convert/xml",
  "/api/batch/document-chat/%ff",
  "/api/users/me/api-keys/%E0%A4",
  "/api/nonexistent/%ff",
];

test("a malformed path answers the same JSON 400 with a JSON, form or empty body as without one", async ({
  request,
  auth,
}) => {
  for (const path of MALFORMED_PATHS) {
    const bare = await request.post(path, { headers: auth });
    expect(bare.status(), path).toBe(400);
    const expected = await bare.json();
    expect(JSON.stringify(expected), path).toMatch(/is not valid percent-encoding/);
    for (const withBody of [
      await request.post(path, { headers: auth, data: { documents: [], text: "x".repeat(2000) } }),
      await request.post(path, { headers: auth, form: { field: "value" } }),
      await request.post(path, { headers: { ...auth, "content-type": "application/json" }, data: "" }),
      await request.put(path, { headers: auth, data: { a: 1 } }),
    ]) {
      expect(withBody.status(), path).toBe(400);
      expect(withBody.headers()["content-type"], path).toContain("application/json");
      expect(await withBody.json(), path).toEqual(expected);
    }
  }
});

test("a well-formed path with a percent sign and a body still reaches its route", async ({ request, auth }) => {
  // An id with an encoded character is simply unknown: the route answers, not the path check.
  const response = await request.post("/api/batch/documents/caf%C3%A9/convert/xml", { headers: auth, data: {} });
  expect(response.status()).toBe(404);
});

test("with APP_URL set, it is the app's origin: another host name for the same server is another site", async ({
  request,
  baseURL,
}) => {
  const user = await createUser(request);
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const signIn = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: user.email, password: user.password, json: "true" },
    headers: { "x-forwarded-for": uniqueClientAddress() },
  });
  expect(signIn.status()).toBe(200);
  const appUrl = new URL(baseURL!);
  const otherName = `http://localhost:${appUrl.port}`;
  const createKey = (origin: string) =>
    request.post("/api/users/me/api-keys", {
      headers: { origin, host: new URL(origin).host, "content-type": "application/json" },
      data: { name: "origin" },
    });
  expect((await createKey(appUrl.origin)).status()).toBe(200);
  expect((await createKey(otherName)).status()).toBe(403);
});

test("password-reset and invitation links use APP_URL whatever Host or X-Forwarded-Host the request names", async ({
  request,
  baseURL,
}) => {
  const poisoned = {
    host: "evil.example",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "https",
    "x-forwarded-for": uniqueClientAddress(),
  };
  const user = await createUser(request);
  const forgot = await request.post("/api/auth/forgot-password", { headers: poisoned, data: { email: user.email } });
  expect(forgot.status()).toBe(200);
  const reset = await latestEmail(request, user.email);
  expect(reset.text).toContain(`${baseURL}/reset-password?token=`);
  expect(reset.text).not.toContain("evil.example");

  const invitee = `invitee-${Date.now()}@example.test`;
  const invited = await request.post("/api/users/invitations", {
    headers: { ...bearer(user.token), ...poisoned },
    data: { email: invitee },
  });
  expect(invited.status()).toBe(200);
  const invitation = await latestEmail(request, invitee);
  expect(invitation.text).toContain(`${baseURL}/invite?token=`);
  expect(invitation.text).not.toContain("evil.example");
});
