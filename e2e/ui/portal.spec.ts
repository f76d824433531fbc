import { expect, test } from "./support/fixtures";
import { captureScreen } from "./support/accessibility";
import { ApiKeysPage, UsagePage, WebhooksPage } from "./support/portal-pages";
import { onePageInvoicePdf } from "./support/sample-pdf";
import { signedInUser } from "./support/session";

test("a developer creates a key, uses it for /v1/extract, sees the usage rise, revokes it and is refused", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInUser(page, "/developers");
  const keys = new ApiKeysPage(page);
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await captureScreen(page, "developers-api-keys-empty");

  const key = await keys.createKey("e2e server");
  expect(await keys.copyNewKey()).toBe(key);
  // Listed by its visible prefix (sd_ + 6) and last four, never in full.
  await expect(keys.row("e2e server")).toContainText(`${key.slice(0, 9)}…${key.slice(-4)}`);
  await expect(keys.row("e2e server")).not.toContainText(key);
  await expect(keys.row("e2e server")).toContainText("Active");
  await captureScreen(page, "developers-api-key-created");

  const usage = new UsagePage(page);
  await usage.goto();
  const tokensBefore = await usage.tokensUsed();
  const requestsBefore = await usage.requests();

  const models = await page.request.get("/v1/models", { headers: { authorization: `Bearer ${key}` } });
  expect(models.status(), await models.text()).toBe(200);
  const extract = await page.request.post("/v1/extract", {
    headers: { authorization: `Bearer ${key}` },
    multipart: { file: { name: "invoice.pdf", mimeType: "application/pdf", buffer: await onePageInvoicePdf() } },
  });
  expect(extract.status(), await extract.text()).toBe(200);

  await page.reload();
  await expect.poll(() => usage.tokensUsed()).toBeGreaterThan(tokensBefore);
  expect(await usage.requests()).toBe(requestsBefore + 1);
  await expect(page.getByTestId("usage-model-row")).not.toHaveCount(0);
  await captureScreen(page, "developers-usage");

  await keys.goto();
  await expect(keys.row("e2e server")).not.toContainText("Never");
  await keys.revoke("e2e server");
  const refused = await page.request.get("/v1/models", { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
});

test("the webhook signing secret is revealed and rotated", async ({ page }) => {
  await signedInUser(page, "/developers/webhooks");
  const webhooks = new WebhooksPage(page);
  await webhooks.goto();
  const first = await webhooks.reveal();
  await captureScreen(page, "developers-webhooks");
  const second = await webhooks.rotate();
  expect(second).toMatch(/^whsec_/);
  expect(second).not.toBe(first);
  const fromApi = await (await page.request.get("/api/users/me/webhook-secret")).json();
  expect(fromApi.secret).toBe(second);
});

test("the quick start uses this server's address and the newest key's prefix", async ({ page }) => {
  await signedInUser(page, "/developers");
  const key = await new ApiKeysPage(page).createKey("quick start key");
  await page.getByRole("link", { name: "Quick start" }).click();
  await expect(page.getByRole("heading", { name: "Quick start" })).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(page.getByTestId("base-url")).toHaveText(origin);
  await expect(page.getByText(`curl -s ${origin}/v1/models`)).toBeVisible();
  // The prefix is the visible part of the key; the full key is never shown again.
  const keys = await (await page.request.get("/api/users/me/api-keys")).json();
  expect(key.startsWith(keys[0].prefix)).toBe(true);
  await expect(page.getByText(`it starts with ${keys[0].prefix}`)).toBeVisible();
  await captureScreen(page, "developers-quick-start");
});

test("the API reference lists every operation of /openapi.json by tag", async ({ page }) => {
  const document = await (await page.request.get("/openapi.json")).json();
  const operationCount = Object.values(document.paths as Record<string, object>).reduce(
    (sum, item) => sum + Object.keys(item).length,
    0,
  );
  await page.goto("/developers/reference");
  await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible();
  await expect(page.getByTestId("api-operation")).toHaveCount(operationCount);
  const createKey = page.locator("#usersCreateApiKey");
  await expect(createKey).toContainText("POST");
  await expect(createKey).toContainText("/api/users/me/api-keys");
  await expect(createKey.getByRole("link", { name: "CreateAPIKeyRequest" })).toHaveAttribute(
    "href",
    "#schema-CreateAPIKeyRequest",
  );
  await expect(page.getByRole("heading", { name: "Accounts", level: 3 })).toBeVisible();
  // The developer API comes first; each operation links to itself and shows examples in three languages.
  await expect(page.getByRole("heading", { level: 3 }).first()).not.toHaveText("Health");
  await expect(page.getByTestId("api-operation").first()).toContainText("/v1/");
  await expect(page.locator("#v1Extract").getByRole("link", { name: "Link to POST /v1/extract" })).toHaveAttribute(
    "href",
    "#v1Extract",
  );
  const examples = page.locator("#v1Extract").getByTestId("operation-examples");
  await examples.getByText("Examples").click();
  await expect(examples.getByRole("figure").filter({ hasText: "curl" })).toContainText('-F "file=@document.pdf"');
  await expect(examples.getByText("JavaScript", { exact: true })).toBeVisible();
  await expect(examples.getByText("Python", { exact: true })).toBeVisible();

  // The search box narrows the list as one types.
  await page.getByRole("searchbox", { name: "Search the API" }).fill("v1 fill excel");
  await expect(page.getByTestId("api-operation")).toHaveCount(1);
  await expect(page.getByTestId("api-operation")).toContainText("/v1/fill/excel");
  await expect(page.getByText("1 operation match.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search the API" }).fill("");
  await expect(page.getByTestId("api-operation")).toHaveCount(operationCount);
  // The reference is very long: the screenshot shows its first screen; axe still checks all of it.
  await captureScreen(page, "developers-api-reference", { fullPage: false });
});

test("a visitor who is not signed in is asked to sign in, in light and dark", async ({ page }) => {
  await page.goto("/developers");
  await expect(page.getByText("Sign in to see your API keys")).toBeVisible();
  await captureScreen(page, "developers-signed-out");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/sign-in");
  await captureScreen(page, "sign-in-dark");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the API keys screen fits, and a revoke can be cancelled with Escape", async ({ page }) => {
    await signedInUser(page, "/developers");
    const keys = new ApiKeysPage(page);
    await keys.createKey("phone key");
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    await captureScreen(page, "developers-api-keys-phone");

    await keys
      .row("phone key")
      .getByRole("button", { name: /^Revoke phone key/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Revoke “phone key”?" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(keys.row("phone key")).toContainText("Active");
    // Revoke stays on screen: the key is a card, not a row of a table wider than the phone.
    const revoke = await keys
      .row("phone key")
      .getByRole("button", { name: /^Revoke phone key/ })
      .boundingBox();
    expect(revoke!.x + revoke!.width).toBeLessThanOrEqual(390);

    // Wide tables and code scroll inside their boxes; the page itself never scrolls sideways.
    for (const path of ["/developers/usage", "/developers/quick-start", "/developers/reference", "/settings"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });

  test("the API reference is searched, linked and read on a phone", async ({ page }) => {
    await page.goto("/developers/reference");
    await page.getByRole("searchbox", { name: "Search the API" }).fill("extract");
    const extract = page.locator("#v1Extract");
    await expect(extract).toBeVisible();
    await expect(extract.getByRole("link", { name: "Link to POST /v1/extract" })).toHaveAttribute("href", "#v1Extract");
    const examples = extract.getByTestId("operation-examples");
    await examples.getByText("Examples").click();
    await expect(examples.getByRole("figure").filter({ hasText: "curl" })).toBeVisible();
    // The examples scroll inside their boxes; the page stays the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await captureScreen(page, "developers-api-reference-phone", { fullPage: false });
  });
});
