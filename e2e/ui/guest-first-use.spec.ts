import { expect, test, type Browser } from "@playwright/test";
import { uniqueClientAddress } from "../support/accounts";
import { GuestUploadPanel, ViewerPage } from "./support/documents-pages";
import { scannedReceiptPng } from "./support/documents-samples";

// Guests get three sessions per address per day, so merely opening the landing page
// must not spend one; the session is created when a guest first chooses a file.

async function visitLanding(browser: Browser, address: string, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } });
  const page = await context.newPage();
  const guest = new GuestUploadPanel(page);
  await guest.goto();
  await guest.expectReady();
  // Every request the page makes on its own has been made.
  await page.waitForLoadState("networkidle");
  return { context, page, guest };
}

test("three new visitors opening the landing page leave the address's guest allowance untouched, and a guest can still upload", async ({
  browser,
  request,
  baseURL,
}) => {
  const address = uniqueClientAddress();
  for (let visitor = 0; visitor < 3; visitor++) {
    const { context } = await visitLanding(browser, address, baseURL);
    await context.close();
  }

  // A fourth visitor from the same address chooses a file: that creates the session, and the scan is read.
  const { context, page, guest } = await visitLanding(browser, address, baseURL);
  try {
    await guest.upload(await scannedReceiptPng());
    await page.waitForURL(/\/batches\/[\w-]+\/documents\/[\w-]+/, { timeout: 60_000 });
    await expect(new ViewerPage(page).text).toHaveValue(/RECEIPT/);
    expect(await page.evaluate(() => window.localStorage.getItem("docsvc.guestSessionId"))).toMatch(/^guest_/);
  } finally {
    await context.close();
  }

  // Of the address's three sessions that one upload used one: two remain, then the limit answers 429.
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    statuses.push(
      (await request.get("/api/batch/guest-session", { headers: { "x-forwarded-for": address } })).status(),
    );
  }
  expect(statuses).toEqual([200, 200, 429]);
});
