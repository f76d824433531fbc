import { expect, test } from "@playwright/test";
import { SCREENS } from "./support/screens";

test("the landing page explains the product and links to the main journeys", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("documents");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Upload a document" })).toHaveAttribute("href", "/upload");
  await expect(main.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
  await expect(main.getByRole("link", { name: "Developer portal" })).toHaveAttribute("href", "/developers");
  await page.screenshot({ path: "test-results/screenshots/landing.png", fullPage: true });
});

test("an unknown page shows a helpful not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

for (const [screen, device] of SCREENS) {
  test.describe(`on a ${screen}`, () => {
    test.use(device);

    test("each capability on the landing page says what exists and links to where it is done", async ({ page }) => {
      await page.goto("/");
      const cards = page.getByRole("region", { name: "What docsvc does" });
      await expect(cards.getByRole("heading", { name: "Fills forms through the API" })).toBeVisible();
      await expect(cards.getByRole("link", { name: "Upload a file" })).toHaveAttribute("href", "/upload");
      await expect(cards.getByRole("link", { name: "Your documents" })).toHaveAttribute("href", "/batches");
      await expect(cards.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/developers/reference");
      await expect(cards.getByRole("link", { name: "Quick start" })).toHaveAttribute("href", "/developers/quick-start");
    });
  });
}
