import { makeTextPdf } from "../../lib/documents/testing/make-pdfs";
import { bearer } from "../support/accounts";
import { captureScreen } from "./support/accessibility";
import { uploadAndWait } from "./support/documents-api";
import { ViewerPage } from "./support/documents-pages";
import { expect, test } from "./support/fixtures";
import { signedInUser } from "./support/session";

// A twelve-page contract: the phrase is on page 3 once and on page 9 twice, never on the pages between.
function contractPages(): string[][] {
  return Array.from({ length: 12 }, (_, index) => {
    const pageNumber = index + 1;
    const lines = [`Supply contract section ${pageNumber}`, "Deliveries are made every week."];
    if (pageNumber === 3) lines.push("A late delivery triggers the penalty clause.");
    if (pageNumber === 9) lines.push("Penalty clause: 2% a week.", "The penalty clause caps at 10%.");
    return lines;
  });
}

test("find a phrase across a long document: matches listed by page, Enter and Shift+Enter step through them, the words highlighted", async ({
  page,
}) => {
  const user = await signedInUser(page, "/batches");
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [{ name: "contract.pdf", mimeType: "application/pdf", buffer: await makeTextPdf(contractPages()) }],
    "Contract",
  );
  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, 12);

  const search = page.getByRole("searchbox", { name: "Find in the document" });
  const status = page.getByTestId("search-status");
  await search.fill("PENALTY clause");
  await search.press("Enter");
  await expect(status).toHaveText("Match 1 of 3 for “PENALTY clause”, on page 3.");
  await viewer.expectPage(3, 12);
  await expect(page.getByTestId("search-hit")).toHaveCount(2);
  const matches = page.getByRole("list", { name: "Matches" }).getByRole("button");
  await expect(matches).toHaveCount(3);
  await expect(matches.nth(0)).toHaveText("Page 3 · … A late delivery triggers the penalty clause.");
  await expect(matches.nth(1)).toContainText("Page 9");
  await captureScreen(page, "viewer-search-desktop");

  // Enter again: the next match; Shift+Enter: back; the buttons wrap around.
  await search.press("Enter");
  await expect(status).toHaveText("Match 2 of 3 for “PENALTY clause”, on page 9.");
  await viewer.expectPage(9, 12);
  await expect(page.getByTestId("search-hit")).toHaveCount(2);
  await search.press("Shift+Enter");
  await expect(status).toHaveText("Match 1 of 3 for “PENALTY clause”, on page 3.");
  await page.getByRole("button", { name: "Previous match" }).click();
  await expect(status).toHaveText("Match 3 of 3 for “PENALTY clause”, on page 9.");
  await expect(matches.nth(2)).toHaveAttribute("aria-current", "true");
  await matches.nth(0).click();
  await viewer.expectPage(3, 12);

  // Nothing found is said plainly, and no word stays marked.
  await search.fill("arbitration");
  await search.press("Enter");
  await expect(status).toHaveText("No matches for “arbitration” in this document.");
  await expect(page.getByTestId("search-hit")).toHaveCount(0);
  await expect(matches).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await search.fill("penalty");
  await search.press("Enter");
  await expect(status).toHaveText("Match 1 of 3 for “penalty”, on page 3.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await captureScreen(page, "viewer-search-phone");

  // The route refuses an empty query.
  const empty = await page.request.get(`/api/batch/${batchId}/document/${documentIds[0]}/search?q=%20`, {
    headers: bearer(user.token),
  });
  expect(empty.status()).toBe(422);
});
