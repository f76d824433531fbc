import { startWebhookReceiver, type WebhookReceiver } from "../../lib/webhooks/testing/start-webhook-receiver";
import { bearer, createApiKey } from "../support/accounts";
import { pdfPart, postExtract, textPdf } from "../support/v1";
import { expect, test } from "./support/fixtures";
import { captureScreen } from "./support/accessibility";
import { SCREENS } from "./support/screens";
import { signedInUser } from "./support/session";

for (const [screen, device] of SCREENS) {
  test.describe(`on a ${screen}`, () => {
    test.use(device);

    test("the webhooks page lists deliveries with their attempts and sends one again", async ({ page }) => {
      const user = await signedInUser(page, "/developers/webhooks");
      let receiver: WebhookReceiver | undefined;
      try {
        receiver = await startWebhookReceiver([{ status: 204 }]);
        const { key } = await createApiKey(page.request, user.token, "webhooks");
        const response = await postExtract(page.request, bearer(key), {
          file: pdfPart(await textPdf(1)),
          webhook_url: receiver.url,
        });
        expect(response.status(), await response.text()).toBe(202);
        await expect.poll(() => receiver!.received.length, { timeout: 30_000 }).toBe(1);

        const deliveries = page.getByTestId("webhook-delivery");
        await expect(async () => {
          await page.getByRole("button", { name: "Refresh" }).click();
          await expect(deliveries.first()).toContainText("Delivered · extract job", { timeout: 1_000 });
        }).toPass({ timeout: 15_000 });
        await expect(deliveries.first()).toContainText("1 attempt, last: HTTP 204");
        await expect(deliveries.first()).toContainText(receiver.url);
        await captureScreen(page, `developers-webhooks-${screen}`);

        await deliveries
          .first()
          .getByRole("button", { name: /^Redeliver the webhook of job/ })
          .click();
        await expect(page.getByText(/webhook again\.$/)).toBeVisible();
        await expect(deliveries).toHaveCount(2);
        await expect.poll(() => receiver!.received.length, { timeout: 30_000 }).toBe(2);
        // A test event reaches the receiver at once, and the page says how it answered.
        await page.getByLabel("Receiver URL").fill(receiver.url);
        await page.getByRole("button", { name: "Send test event" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Delivered" })).toContainText(
          "The receiver answered HTTP 204",
        );
        expect(receiver.received.map((received) => JSON.parse(received.body).type)).toContain("webhook.test");
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      } finally {
        await receiver?.close();
      }
    });
  });
}
