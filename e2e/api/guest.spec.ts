import { expect, test } from "@playwright/test";
import { bearer, createUser } from "../support/accounts";
import { digitalPdf, guestHeaders, scannedPng, uploadBatch, waitForBatch } from "./batch-support";

test.describe("guest mode", () => {
  test("three sessions per address per day, then 429", async ({ request }) => {
    const headers = guestHeaders();
    for (let index = 0; index < 3; index++) {
      const response = await request.get("/api/batch/guest-session", { headers });
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({
        session_id: expect.stringMatching(/^guest_/),
        max_files: 1,
        max_pages: 46,
        message: expect.any(String),
      });
    }
    const refused = await request.get("/api/batch/guest-session", { headers });
    expect(refused.status()).toBe(429);
    expect(refused.headers()["retry-after"]).toBeDefined();
    expect((await refused.json()).detail).toMatch(/3 guest sessions/);
  });

  test("a guest uploads one file, reads only its own batch, is refused beyond the limit, and keeps the batch after signing up", async ({
    request,
  }) => {
    const session = await (await request.get("/api/batch/guest-session", { headers: guestHeaders() })).json();
    const guest = { "x-guest-session-id": session.session_id };
    expect(await (await request.get(`/api/batch/guest-limits/${session.session_id}`)).json()).toMatchObject({
      current_files: 0,
      can_upload: true,
      max_files: 1,
      max_pages: 46,
    });

    const two = await uploadBatch(request, {
      guestSessionId: session.session_id,
      files: [await digitalPdf([["a"]]), await digitalPdf([["b"]])],
    });
    expect(two.status()).toBe(403);
    expect((await two.json()).detail).toMatch(/Guests may upload 1 file/);

    const upload = await uploadBatch(request, {
      guestSessionId: session.session_id,
      files: [await scannedPng(["Guest receipt 55"])],
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const batch = await upload.json();
    expect(await waitForBatch(request, batch.batch_id, guest)).toMatchObject({ status: "completed" });
    const results = await (
      await request.get(`/api/batch/results/${batch.batch_id}?guest_session_id=${session.session_id}`)
    ).json();
    expect(results.documents[0].pages[0].extracted_text).toMatch(/receipt/i);
    expect((await request.get(results.documents[0].pages[0].image_url)).status()).toBe(200);
    expect((await (await request.get(`/api/batch/history?guest_session_id=${session.session_id}`)).json()).total).toBe(
      1,
    );
    expect(await (await request.get(`/api/batch/guest-limits/${session.session_id}`)).json()).toMatchObject({
      current_files: 1,
      current_pages: 1,
      can_upload: false,
    });
    expect(
      (await uploadBatch(request, { guestSessionId: session.session_id, files: [await digitalPdf([["c"]])] })).status(),
    ).toBe(403);

    // Another guest and a signed-in stranger see nothing of it; guests cannot use user-only operations.
    const other = await (await request.get("/api/batch/guest-session", { headers: guestHeaders() })).json();
    expect(
      (
        await request.get(`/api/batch/status/${batch.batch_id}`, {
          headers: { "x-guest-session-id": other.session_id },
        })
      ).status(),
    ).toBe(404);
    expect(
      (
        await request.get(`/api/batch/status/${batch.batch_id}`, { headers: { "x-guest-session-id": "guest_made_up" } })
      ).status(),
    ).toBe(401);
    expect((await request.delete(`/api/batch/${batch.batch_id}`, { headers: guest })).status()).toBe(401);

    const user = await createUser(request);
    const claim = await request.post("/api/batch/claim", {
      headers: bearer(user.token),
      data: { guest_session_id: session.session_id },
    });
    expect(claim.status(), await claim.text()).toBe(200);
    expect(await claim.json()).toMatchObject({ claimed_batches: [batch.batch_id], claimed_count: 1 });
    expect((await request.get(`/api/batch/status/${batch.batch_id}`, { headers: bearer(user.token) })).status()).toBe(
      200,
    );
    expect((await request.get(`/api/batch/status/${batch.batch_id}`, { headers: guest })).status()).toBe(404);
    const stranger = await createUser(request);
    expect(
      (
        await request.post("/api/batch/claim", {
          headers: bearer(stranger.token),
          data: { guest_session_id: session.session_id },
        })
      ).status(),
    ).toBe(404);
  });

  test("a guest upload over 46 pages is refused before processing", async ({ request }) => {
    const session = await (await request.get("/api/batch/guest-session", { headers: guestHeaders() })).json();
    const big = await digitalPdf(Array.from({ length: 47 }, (_, index) => [`p${index}`]));
    const refused = await uploadBatch(request, { guestSessionId: session.session_id, files: [big] });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).detail).toMatch(/47 pages/);
    expect((await request.get(`/api/batch/guest-limits/${session.session_id}`)).status()).toBe(200);
    expect((await uploadBatch(request, { files: [await digitalPdf([["x"]])] })).status()).toBe(401);
  });
});
