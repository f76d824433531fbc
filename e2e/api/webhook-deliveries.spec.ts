import { expect, test } from "../support/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../../lib/webhooks/testing/start-webhook-receiver";
import { bearer, createUser } from "../support/accounts";
import { postExtract, textPdf, pdfPart } from "../support/v1";

test.describe("webhook delivery log", () => {
  test("lists every job's deliveries for the signed-in user and redelivers one; others get 404", async ({
    request,
    account,
  }) => {
    const auth = bearer(account.user.token);
    let receiver: WebhookReceiver | undefined;
    try {
      receiver = await startWebhookReceiver([{ status: 204 }]);
      const response = await postExtract(request, account.headers, {
        file: pdfPart(await textPdf(1)),
        webhook_url: receiver.url,
      });
      expect(response.status(), await response.text()).toBe(202);
      const { id } = await response.json();
      await expect.poll(() => receiver!.received.length, { timeout: 30_000 }).toBe(1);

      const log = async () => (await request.get("/api/users/me/webhook-deliveries", { headers: auth })).json();
      await expect.poll(async () => (await log())[0]?.status, { timeout: 10_000 }).toBe("delivered");
      const [delivery] = await log();
      expect(delivery).toMatchObject({
        job_id: id,
        job_type: "extract",
        url: receiver.url,
        attempts: [{ attempt: 1, status_code: 204, error: null }],
      });

      const stranger = await createUser(request);
      const foreign = await request.post(`/api/users/me/webhook-deliveries/${delivery.id}/redeliver`, {
        headers: bearer(stranger.token),
      });
      expect(foreign.status()).toBe(404);
      expect(
        await (await request.get("/api/users/me/webhook-deliveries", { headers: bearer(stranger.token) })).json(),
      ).toEqual([]);

      const again = await request.post(`/api/users/me/webhook-deliveries/${delivery.id}/redeliver`, { headers: auth });
      expect(again.status()).toBe(202);
      const second = await again.json();
      expect(second).toMatchObject({ job_id: id, status: "pending" });
      expect(second.id).not.toBe(delivery.id);
      await expect.poll(() => receiver!.received.length, { timeout: 30_000 }).toBe(2);
      expect(receiver.received[1].headers["webhook-id"]).toBe(second.id);
      expect((await log()).map((entry: { id: string }) => entry.id)).toEqual([second.id, delivery.id]);
    } finally {
      await receiver?.close();
    }
  });

  test("a test event goes out at once, signed with the account's secret; a receiver that is down is reported", async ({
    request,
    auth,
  }) => {
    const { secret } = await (await request.get("/api/users/me/webhook-secret", { headers: auth })).json();
    const receiver = await startWebhookReceiver([{ status: 200 }], { secret });
    const send = (url: string) =>
      request.post("/api/users/me/webhook-deliveries/test", { headers: auth, data: { url } });
    try {
      const sent = await send(receiver.url);
      expect(sent.status(), await sent.text()).toBe(200);
      const outcome = await sent.json();
      expect(outcome).toMatchObject({ url: receiver.url, delivered: true, status_code: 200, error: null });
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0].signatureValid).toBe(true);
      expect(receiver.received[0].headers["webhook-id"]).toBe(outcome.webhook_id);
      expect(JSON.parse(receiver.received[0].body)).toMatchObject({ type: "webhook.test", job_id: null });
    } finally {
      await receiver.close();
    }
    const down = await send(receiver.url);
    expect(down.status()).toBe(200);
    expect(await down.json()).toMatchObject({ delivered: false, status_code: null, error: expect.any(String) });
    const ftp = await send("ftp://example.com/hook");
    expect(ftp.status()).toBe(400);
    expect((await ftp.json()).detail).toBe("Only http and https URLs are allowed, not ftp:");
    expect((await request.get("/api/users/me/webhook-deliveries", { headers: auth })).status()).toBe(200);
    expect(await (await request.get("/api/users/me/webhook-deliveries", { headers: auth })).json()).toEqual([]);
  });
});
