import { expect, test } from "@playwright/test";
import {
  bearer,
  createUser,
  latestEmail,
  linkToken,
  signIn,
  sixDigitCode,
  uniqueClientAddress,
  uniqueEmail,
} from "../support/accounts";

// Mail is read from the app's outbox (/dev/outbox, DEV_OUTBOX=1 in the test server). SMTP delivery of
// the same messages is tested against a real SMTP server in lib/email and lib/auth (vitest).

test.describe("password reset", () => {
  test("forgot-password mails a single-use link; reset changes the password and revokes tokens", async ({
    request,
  }) => {
    const user = await createUser(request);
    const forgot = await request.post("/api/auth/forgot-password", { data: { email: user.email.toUpperCase() } });
    expect(forgot.status()).toBe(200);
    const mail = await latestEmail(request, user.email);
    expect(mail.subject).toMatch(/Reset your docsvc password/);
    const token = linkToken(mail.text);

    const weak = await request.post("/api/auth/reset-password", { data: { token, new_password: "short" } });
    expect(weak.status()).toBe(422);
    const reset = await request.post("/api/auth/reset-password", {
      data: { token, new_password: "the reset passphrase" },
    });
    expect(reset.status()).toBe(200);
    expect(
      (
        await request.post("/api/auth/reset-password", { data: { token, new_password: "another reset passphrase" } })
      ).status(),
    ).toBe(400);

    expect((await request.get("/api/auth/me", { headers: bearer(user.token) })).status()).toBe(401);
    const old = await request.post("/api/auth/login", {
      data: { email: user.email, password: user.password },
      headers: { "x-forwarded-for": uniqueClientAddress() },
    });
    expect(old.status()).toBe(401);
    await signIn(request, { email: user.email, password: "the reset passphrase" });
  });

  test("answers the same for an unknown address, and an unknown token is refused", async ({ request }) => {
    const user = await createUser(request);
    const known = await request.post("/api/auth/forgot-password", { data: { email: user.email } });
    const unknown = await request.post("/api/auth/forgot-password", { data: { email: uniqueEmail("nobody") } });
    expect(unknown.status()).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());
    expect(
      (
        await request.post("/api/auth/reset-password", {
          data: { token: "made-up-token", new_password: "the reset passphrase" },
        })
      ).status(),
    ).toBe(400);
  });

  test("a newer link invalidates the older one", async ({ request }) => {
    const user = await createUser(request);
    await request.post("/api/auth/forgot-password", { data: { email: user.email } });
    const first = linkToken((await latestEmail(request, user.email)).text);
    await request.post("/api/auth/forgot-password", { data: { email: user.email } });
    await expect.poll(async () => linkToken((await latestEmail(request, user.email)).text)).not.toBe(first);
    const second = linkToken((await latestEmail(request, user.email)).text);
    expect(
      (
        await request.post("/api/auth/reset-password", { data: { token: first, new_password: "the reset passphrase" } })
      ).status(),
    ).toBe(400);
    expect(
      (
        await request.post("/api/auth/reset-password", {
          data: { token: second, new_password: "the reset passphrase" },
        })
      ).status(),
    ).toBe(200);
  });
});

test.describe("email verification", () => {
  test("send-verification mails a 6-digit code that verifies the address once", async ({ request }) => {
    const user = await createUser(request);
    expect((await request.post("/api/auth/send-verification")).status()).toBe(401);
    const sent = await request.post("/api/auth/send-verification", { headers: bearer(user.token) });
    expect(sent.status()).toBe(200);
    const code = sixDigitCode((await latestEmail(request, user.email)).subject);

    const malformed = await request.post("/api/auth/verify-email", {
      headers: bearer(user.token),
      data: { code: "12ab" },
    });
    expect(malformed.status()).toBe(422);
    const wrong = await request.post("/api/auth/verify-email", {
      headers: bearer(user.token),
      data: { code: code === "000000" ? "111111" : "000000" },
    });
    expect(wrong.status()).toBe(400);
    const verified = await request.post("/api/auth/verify-email", { headers: bearer(user.token), data: { code } });
    expect(verified.status()).toBe(200);
    expect((await (await request.get("/api/auth/me", { headers: bearer(user.token) })).json()).email_verified).toBe(
      true,
    );
    expect(
      (await request.post("/api/auth/verify-email", { headers: bearer(user.token), data: { code } })).status(),
    ).toBe(400);
  });

  test("a code stops working after five wrong attempts", async ({ request }) => {
    const user = await createUser(request);
    await request.post("/api/auth/send-verification", { headers: bearer(user.token) });
    const code = sixDigitCode((await latestEmail(request, user.email)).subject);
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (
          await request.post("/api/auth/verify-email", { headers: bearer(user.token), data: { code: wrongCode } })
        ).status(),
      ).toBe(400);
    }
    const late = await request.post("/api/auth/verify-email", { headers: bearer(user.token), data: { code } });
    expect(late.status()).toBe(400);
    expect((await late.json()).detail).toMatch(/Too many/);
  });

  test("one user's code does not verify another user", async ({ request }) => {
    const alice = await createUser(request);
    const bob = await createUser(request);
    await request.post("/api/auth/send-verification", { headers: bearer(alice.token) });
    const aliceCode = sixDigitCode((await latestEmail(request, alice.email)).subject);
    const attempt = await request.post("/api/auth/verify-email", {
      headers: bearer(bob.token),
      data: { code: aliceCode },
    });
    expect(attempt.status()).toBe(400);
    expect((await (await request.get("/api/auth/me", { headers: bearer(alice.token) })).json()).email_verified).toBe(
      false,
    );
  });

  test("change-email switches the address only after the new one is verified", async ({ request }) => {
    const user = await createUser(request);
    const newEmail = uniqueEmail("moved");
    const wrong = await request.post("/api/auth/change-email", {
      headers: bearer(user.token),
      data: { new_email: newEmail, current_password: "not it at all" },
    });
    expect(wrong.status()).toBe(401);
    const taken = await createUser(request);
    expect(
      (
        await request.post("/api/auth/change-email", {
          headers: bearer(user.token),
          data: { new_email: taken.email, current_password: user.password },
        })
      ).status(),
    ).toBe(409);

    const started = await request.post("/api/auth/change-email", {
      headers: bearer(user.token),
      data: { new_email: newEmail, current_password: user.password },
    });
    expect(started.status()).toBe(200);
    expect((await (await request.get("/api/auth/me", { headers: bearer(user.token) })).json()).email).toBe(user.email);
    const code = sixDigitCode((await latestEmail(request, newEmail)).subject);
    expect(
      (await request.post("/api/auth/verify-email", { headers: bearer(user.token), data: { code } })).status(),
    ).toBe(200);
    expect(await (await request.get("/api/auth/me", { headers: bearer(user.token) })).json()).toMatchObject({
      email: newEmail,
      email_verified: true,
    });
    await signIn(request, { email: newEmail, password: user.password });
  });
});

test.describe("invitations", () => {
  test("invite, look up, accept once", async ({ request }) => {
    const inviter = await createUser(request, { name: "Ines" });
    const email = uniqueEmail("invitee");
    expect((await request.post("/api/users/invitations", { data: { email } })).status()).toBe(401);
    const created = await request.post("/api/users/invitations", { headers: bearer(inviter.token), data: { email } });
    expect(created.status()).toBe(200);
    expect(await created.json()).toMatchObject({ email, email_status: "logged" });
    const token = linkToken((await latestEmail(request, email)).text);

    const info = await request.get(`/api/auth/invitation/${token}`);
    expect(info.status()).toBe(200);
    expect(await info.json()).toMatchObject({
      email,
      inviter_email: inviter.email,
      inviter_name: "Ines",
      status: "pending",
      is_valid: true,
    });

    const accepted = await request.post("/api/auth/accept-invitation", {
      data: { token, password: "the invitee passphrase" },
    });
    expect(accepted.status()).toBe(200);
    const body = await accepted.json();
    expect(body).toMatchObject({ token_type: "bearer", user: { email, email_verified: true } });
    expect((await request.get("/api/auth/me", { headers: bearer(body.access_token) })).status()).toBe(200);

    expect(
      (
        await request.post("/api/auth/accept-invitation", { data: { token, password: "the invitee passphrase" } })
      ).status(),
    ).toBe(400);
    expect(await (await request.get(`/api/auth/invitation/${token}`)).json()).toMatchObject({
      status: "accepted",
      is_valid: false,
    });
  });

  test("unknown tokens answer 404 and existing accounts cannot be invited", async ({ request }) => {
    const inviter = await createUser(request);
    const existing = await createUser(request);
    expect((await request.get("/api/auth/invitation/no-such-token")).status()).toBe(404);
    expect(
      (
        await request.post("/api/auth/accept-invitation", {
          data: { token: "no-such-token", password: "the invitee passphrase" },
        })
      ).status(),
    ).toBe(404);
    expect(
      (
        await request.post("/api/users/invitations", {
          headers: bearer(inviter.token),
          data: { email: existing.email },
        })
      ).status(),
    ).toBe(409);
  });
});
