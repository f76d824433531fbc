import { expect, test } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../../lib/webhooks/testing/start-webhook-receiver";
import { bearer, createUser } from "../support/accounts";
import { createV1Account, postExtract, textPdf, pdfPart } from "../support/v1";

test.describe("webhook delivery log", () => {
  test("lists every job's deliveries for the signed-in user and redelivers one; others get 404", async ({
    request,
  }) => {
    const account = await createV1Account(request);
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
});
