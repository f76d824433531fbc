import { expect, test } from "./support/fixtures";
import { uploadAndWait } from "./support/documents-api";
import { invoicePdf } from "./support/documents-samples";
import { signedInUser } from "./support/session";
import { SCREENS } from "./support/screens";

// A disabled control must look disabled: faded, and unchanged when hovered.
for (const [screen, device] of SCREENS) {
  test.describe(`on a ${screen}`, () => {
    test.use(device);

    test("buttons that cannot act look disabled in every style", async ({ page }) => {
      const user = await signedInUser(page, "/batches");
      const { batchId, documentIds } = await uploadAndWait(
        page.request,
        user.token,
        [await invoicePdf("one.pdf", "INV-1")],
        "One page",
      );
      await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);

      const previous = page.getByRole("button", { name: "Previous page" });
      const zoomIn = page.getByRole("button", { name: "Zoom in" });
      await expect(previous).toBeDisabled();
      await expect(zoomIn).toBeEnabled();
      const opacity = (locator: typeof previous) =>
        locator.evaluate((element) => Number(getComputedStyle(element).opacity));
      expect(await opacity(previous)).toBeLessThan(0.6);
      expect(await opacity(zoomIn)).toBe(1);

      const background = () => previous.evaluate((element) => getComputedStyle(element).backgroundColor);
      const before = await background();
      await previous.hover({ force: true });
      expect(await background()).toBe(before);
    });
  });
}
