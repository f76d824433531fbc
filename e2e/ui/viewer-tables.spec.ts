import { invoiceScan } from "../../lib/documents/testing/make-invoice-scan";
import { expect, test } from "./support/fixtures";
import { uploadAndWait } from "./support/documents-api";
import { signedInUser } from "./support/session";

// The scanned invoice's line items come out as a table: each cell shows its whole value, and
// "Show table on the page" marks the table where the reader can see it, however far the panels scrolled.

for (const [screen, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`on a ${screen}, table cells show whole values and the shown table is in sight`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const user = await signedInUser(page, "/batches");
    const { batchId, documentIds } = await uploadAndWait(
      page.request,
      user.token,
      [{ name: "invoice-scan.png", mimeType: "image/png", buffer: await invoiceScan() }],
      `Tables ${screen}`,
    );
    await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);

    const cell = page.getByRole("textbox", { name: "Table 1, row 2, column 1" });
    await expect(cell).toHaveValue("Printer paper A4");
    // Every cell is wide enough for its value: nothing is cut at the cell's edge.
    const cells = page.getByRole("textbox", { name: /^Table 1, row/ });
    for (const input of await cells.all()) {
      const { scrollWidth, clientWidth, value } = await input.evaluate((element: HTMLInputElement) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
        value: element.value,
      }));
      expect(scrollWidth, `cell "${value}"`).toBeLessThanOrEqual(clientWidth);
    }

    const show = page.getByRole("button", { name: "Show table 1 on the page" });
    await show.scrollIntoViewIfNeeded();
    await show.click();
    await expect(page.getByTestId("selected-box")).toBeInViewport();
  });
}
