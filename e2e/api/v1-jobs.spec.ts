import { expect, test } from "../support/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../../lib/webhooks/testing/start-webhook-receiver";
import { bearer } from "../support/accounts";
import {
  blankPdf,
  createV1Account,
  errorOf,
  pdfPart,
  postExtract,
  secondKey,
  textPdf,
  waitForJob,
  type V1Account,
} from "../support/v1";

async function webhookSecret(request: Parameters<typeof createV1Account>[0], account: V1Account): Promise<string> {
  const response = await request.get("/api/users/me/webhook-secret", { headers: bearer(account.user.token) });
  expect(response.status()).toBe(200);
  return (await response.json()).secret;
}

test.describe("/v1/jobs", () => {
  test("lists jobs newest first with a status filter, a limit and cursor pagination", async ({ request, account }) => {
    const pdf = pdfPart(await textPdf(1));
    const ids: string[] = [];
    for (let index = 0; index < 3; index++)
      ids.push((await (await postExtract(request, account.headers, { file: pdf })).json()).id);
    // A refused upload (checked before any work) records no job.
    const corrupt = await postExtract(request, account.headers, { file: pdfPart(Buffer.from("%PDF-1.7\nbroken")) });
    expect(corrupt.status()).toBe(422);
    const scan = await postExtract(request, account.headers, { file: pdfPart(await blankPdf(6), "scan.pdf") });
    expect(scan.status()).toBe(202);
    const cancelledId = (await scan.json()).id;
    expect((await request.post(`/v1/jobs/${cancelledId}/cancel`, { headers: account.headers })).status()).toBe(200);

    const reader = await secondKey(request, account);
    const page1 = await (await request.get("/v1/jobs?limit=2&status=completed", { headers: reader })).json();
    expect(page1.data.map((job: { id: string }) => job.id)).toEqual([ids[2], ids[1]]);
    expect(page1.has_more).toBe(true);
    const page2 = await (
      await request.get(`/v1/jobs?limit=2&status=completed&cursor=${page1.next_cursor}`, { headers: reader })
    ).json();
    expect(page2).toMatchObject({ has_more: false, next_cursor: null });
    expect(page2.data.map((job: { id: string }) => job.id)).toEqual([ids[0]]);

    const cancelled = await (await request.get("/v1/jobs?status=cancelled", { headers: reader })).json();
    expect(cancelled.data).toHaveLength(1);
    expect(cancelled.data[0]).toMatchObject({
      id: cancelledId,
      type: "extract",
      status: "cancelled",
      error: { code: "cancelled", message: expect.any(String) },
    });
    expect((await (await request.get("/v1/jobs?status=failed", { headers: reader })).json()).data).toEqual([]);
    expect((await request.get("/v1/jobs?limit=0", { headers: reader })).status()).toBe(422);
    expect((await request.get("/v1/jobs?cursor=garbage", { headers: reader })).status()).toBe(400);
  });

  test("another account's job answers 404 on every job path", async ({ request }) => {
    const alice = await createV1Account(request);
    const bob = await createV1Account(request);
    const { id } = await (
      await postExtract(request, alice.headers, { file: pdfPart(await textPdf(1)), output_format: "csv" })
    ).json();
    for (const [method, path] of [
      ["get", `/v1/jobs/${id}`],
      ["post", `/v1/jobs/${id}/cancel`],
      ["get", `/v1/jobs/${id}/download`],
      ["get", `/v1/jobs/${id}/webhooks`],
      ["post", `/v1/jobs/${id}/webhooks/redeliver`],
    ] as const) {
      const response = await request[method](path, { headers: bob.headers });
      expect(response.status(), `${method} ${path}`).toBe(404);
      expect((await errorOf(response)).code).toBe("not_found");
    }
    expect((await request.get("/v1/jobs/not-a-uuid", { headers: bob.headers })).status()).toBe(404);
    expect((await (await request.get("/v1/jobs", { headers: bob.headers })).json()).data).toEqual([]);
  });

  test("download answers 404 for a job without a file and 409 when cancelling a finished job", async ({
    request,
    account: { headers },
  }) => {
    const { id } = await (await postExtract(request, headers, { file: pdfPart(await textPdf(1)) })).json();
    const download = await request.get(`/v1/jobs/${id}/download`, { headers });
    expect(download.status()).toBe(404);
    expect((await errorOf(download)).message).toContain("produced no file");
    const cancel = await request.post(`/v1/jobs/${id}/cancel`, { headers });
    expect(cancel.status()).toBe(409);
    expect((await errorOf(cancel)).code).toBe("conflict");
  });

  test("a webhook is delivered once, signed with the account's secret, and recorded", async ({ request, account }) => {
    let receiver: WebhookReceiver | undefined;
    try {
      receiver = await startWebhookReceiver([{ status: 204 }], { secret: await webhookSecret(request, account) });
      const response = await postExtract(request, account.headers, {
        file: pdfPart(await textPdf(1)),
        webhook_url: receiver.url,
      });
      expect(response.status(), await response.text()).toBe(202);
      const { id } = await response.json();
      await expect.poll(() => receiver!.received.length, { timeout: 30_000 }).toBe(1);
      const delivery = receiver.received[0];
      expect(delivery.signatureValid).toBe(true);
      expect(delivery.headers["webhook-id"]).toMatch(/^[0-9a-f-]{36}$/);
      const payload = JSON.parse(delivery.body);
      expect(payload).toMatchObject({
        job_id: id,
        data: {
          id,
          type: "extract",
          status: "completed",
          result: { pages_processed: 1, fields: { "Invoice Number": "INV-2042" } },
        },
      });

      const reader = await secondKey(request, account);
      const deliveries = await (await request.get(`/v1/jobs/${id}/webhooks`, { headers: reader })).json();
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({
        id: delivery.headers["webhook-id"],
        status: "delivered",
        attempts: [{ attempt: 1, status_code: 204, error: null }],
      });
      expect((await waitForJob(request, reader, id)).status).toBe("completed");
    } finally {
      await receiver?.close();
    }
  });

  // The retry schedule (attempts at 0, 5 and 15 s, then undeliverable) is checked on the executor's
  // clock in inngest/functions/deliver-webhook.test.ts, without waiting 15 seconds here.
});
