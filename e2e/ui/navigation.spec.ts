import type { Locator } from "@playwright/test";
import { captureScreen } from "./support/accessibility";
import { expect, test } from "./support/fixtures";
import { signedInUser } from "./support/session";

const middle = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return box.y + box.height / 2;
};

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the header is one row, and the sections open from a Menu button with the keyboard", async ({ page }) => {
    await signedInUser(page, "/upload");
    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = nav.getByRole("button", { name: "Menu" });
    const account = page.getByTestId("account-menu");
    // One row: the name, the menu button and the account controls share a line.
    const row = await middle(nav.getByRole("link", { name: "docsvc" }));
    expect(Math.abs((await middle(menu)) - row)).toBeLessThanOrEqual(4);
    expect(Math.abs((await middle(account.getByRole("button", { name: "Sign out" }))) - row)).toBeLessThanOrEqual(4);
    expect((await page.locator("header").boundingBox())!.height).toBeLessThan(70);
    await expect(nav.getByRole("link", { name: "Batches" })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Upload" })).toHaveAttribute("aria-current", "page");
    await captureScreen(page, "navigation-phone-open", { fullPage: false });
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Batches" })).toBeHidden();
    await expect(menu).toBeFocused();

    await page.keyboard.press("Enter");
    await nav.getByRole("link", { name: "Batches" }).click();
    await page.waitForURL("**/batches");
    // Following a link closes the menu.
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Library" })).toBeHidden();
  });
});

test("on a desktop every section shows in the header without a menu button", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("button", { name: "Menu" })).toBeHidden();
  for (const label of ["Upload", "Batches", "Library", "Chat", "Extract", "Fill", "Web forms", "Developers"])
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
});
