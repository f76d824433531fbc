import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures";
import { captureScreen } from "./support/accessibility";
import { uploadAndWait } from "./support/documents-api";
import { ViewerPage } from "./support/documents-pages";
import { invoicePdf } from "./support/documents-samples";
import { SCREENS } from "./support/screens";
import { signedInUser } from "./support/session";

for (const [screen, device] of SCREENS) {
  test.describe(`on a ${screen}`, () => {
    test.use(device);

    test("the viewer fits the screen, keeps one heading order and answers page and zoom keys", async ({ page }) => {
      const user = await signedInUser(page, "/batches");
      const { batchId, documentIds } = await uploadAndWait(
        page.request,
        user.token,
        [await invoicePdf("two-pages.pdf", "INV-77", 2)],
        "Viewer keys",
      );
      await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
      const viewer = new ViewerPage(page);
      await viewer.expectPage(1, 2);
      const zoom = page.getByTestId("zoom-level");
      await expect(zoom).toHaveText("100%");

      // The page never scrolls sideways, and the toolbar is one row.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const toolbar = await page.getByTestId("viewer-toolbar").boundingBox();
      expect(toolbar!.height).toBeLessThan(56);
      const headingOrder = await new AxeBuilder({ page }).withRules(["heading-order"]).analyze();
      expect(headingOrder.violations).toEqual([]);

      await page.keyboard.press("PageDown");
      await viewer.expectPage(2, 2);
      await page.keyboard.press("PageUp");
      await viewer.expectPage(1, 2);
      await page.keyboard.press("+");
      await expect(zoom).toHaveText("125%");
      await page.keyboard.press("-");
      await page.keyboard.press("-");
      await expect(zoom).toHaveText("75%");
      await page.keyboard.press("0");
      await expect(zoom).toHaveText("100%");
      // Typing in a field types; it does not zoom.
      await viewer.text.press("End");
      await viewer.text.press("0");
      await expect(zoom).toHaveText("100%");

      if (screen === "phone") {
        await expect(page.getByTestId("hovered-box")).toContainText("Tap a box to see its text and confidence");
        await expect(page.getByRole("button", { name: "Fit width" })).toBeHidden();
        await page.getByRole("button", { name: "View", exact: true }).click();
        await expect(page.getByRole("button", { name: "Fit width" })).toBeVisible();
        await expect(page.getByRole("combobox", { name: "Boxes" })).toBeVisible();
        await page.getByRole("button", { name: "View", exact: true }).click();
        // A double tap on the page zooms in, another one fits the width again.
        await viewer.canvas.tap({ position: { x: 4, y: 4 } });
        await viewer.canvas.tap({ position: { x: 4, y: 4 } });
        await expect(zoom).toHaveText("200%");
        await viewer.canvas.tap({ position: { x: 4, y: 4 } });
        await viewer.canvas.tap({ position: { x: 4, y: 4 } });
        await expect(zoom).toHaveText("100%");
        // Two fingers moving apart zoom in; moving together again zoom back out (Chromium's touch input).
        const box = (await viewer.canvas.boundingBox())!;
        const centre = { x: box.x + box.width / 2, y: box.y + Math.min(box.height, 300) / 2 };
        const touch = await page.context().newCDPSession(page);
        const fingersAt = (spread: number) => [
          { x: centre.x - spread / 2, y: centre.y, id: 0 },
          { x: centre.x + spread / 2, y: centre.y, id: 1 },
        ];
        const pinch = async (from: number, to: number) => {
          await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingersAt(from) });
          for (let step = 1; step <= 5; step++)
            await touch.send("Input.dispatchTouchEvent", {
              type: "touchMove",
              touchPoints: fingersAt(from + ((to - from) * step) / 5),
            });
          await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
        };
        await pinch(80, 160);
        await expect(zoom).toHaveText("200%");
        await pinch(160, 80);
        await expect(zoom).toHaveText("100%");
        // Part of the page shows in the first screenful.
        const canvas = await viewer.canvas.boundingBox();
        expect(canvas!.y).toBeLessThan(page.viewportSize()!.height);
      } else {
        await expect(page.getByTestId("hovered-box")).toContainText("Hover a box");
        // The viewer's left edge lines up with the header's.
        const headerLeft = (await page
          .getByRole("navigation", { name: "Main" })
          .getByRole("link")
          .first()
          .boundingBox())!.x;
        const titleLeft = (await page.getByRole("heading", { level: 1 }).boundingBox())!.x;
        expect(Math.abs(titleLeft - headerLeft)).toBeLessThanOrEqual(1);
        // The extracted content follows the page's scroll instead of scrolling inside itself.
        const overflow = await page
          .getByRole("complementary", { name: "Extracted content" })
          .evaluate((aside) => getComputedStyle(aside).overflowY);
        expect(overflow).toBe("visible");
      }
      await captureScreen(page, `viewer-${screen}`, { fullPage: false });
    });
  });
}
