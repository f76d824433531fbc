import { uniqueClientAddress } from "../support/accounts";
import { expect, test } from "./support/fixtures";
import { captureScreen } from "./support/accessibility";
import { GuestUploadPanel } from "./support/documents-pages";
import { invoicePdf } from "./support/documents-samples";
import { SCREENS } from "./support/screens";
import { signedInUser } from "./support/session";

const MB = 1024 * 1024;

for (const [screen, device] of SCREENS) {
  test.describe(`on a ${screen}`, () => {
    test.use(device);

    test("the upload page shows the plan's limits and refuses what would not fit before sending a byte", async ({
      page,
    }) => {
      await signedInUser(page, "/upload");
      const uploads: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/api/batch/upload")) uploads.push(request.method());
      });
      const limits = page.getByTestId("upload-limits");
      await expect(limits).toContainText("Your Free plan");
      await expect(limits).toContainText("Each file up to 10.0 MB");
      await expect(limits).toContainText("Up to 46 pages in one upload");
      await expect(limits).toContainText("100,000 tokens left this month (about 100 pages at 1,000 tokens a page)");

      const input = page.getByLabel("Choose files");
      await input.setInputFiles([
        await invoicePdf("long.pdf", "INV-47", 47),
        { name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") },
        { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(11 * MB, 1) },
      ]);
      const chosen = page.getByRole("list", { name: "Chosen files" });
      const problem = (name: string) =>
        chosen.getByRole("listitem").filter({ hasText: name }).getByTestId("chosen-file-problem");
      await expect(problem("long.pdf")).toHaveText("The PDF has 47 pages; an upload may have 46.");
      await expect(problem("setup.exe")).toHaveText(
        "This type of file cannot be read. Upload a PDF, an image or an office document.",
      );
      await expect(problem("huge.png")).toHaveText("The file is 11.0 MB; files of up to 10.0 MB can be uploaded.");
      await expect(page.getByRole("button", { name: "Upload 3 files" })).toBeDisabled();
      await expect(page.getByText("Remove the 3 files marked in red to upload the others.")).toBeVisible();
      await captureScreen(page, `upload-limits-refused-${screen}`);

      for (const name of ["long.pdf", "setup.exe", "huge.png"])
        await page.getByRole("button", { name: `Remove ${name}` }).click();
      await input.setInputFiles([
        await invoicePdf("part-1.pdf", "INV-30", 30),
        await invoicePdf("part-2.pdf", "INV-20", 20),
      ]);
      await expect(page.getByRole("alert").filter({ hasText: "Too much for one upload" })).toContainText(
        "These files have at least 50 pages together; one upload may have 46.",
      );
      await expect(page.getByRole("button", { name: "Upload 2 files" })).toBeDisabled();
      await page.getByRole("button", { name: "Remove part-1.pdf" }).click();
      await expect(chosen.getByRole("listitem")).toContainText("20 pages");
      await expect(page.getByRole("button", { name: "Upload 1 file" })).toBeEnabled();
      expect(uploads, "nothing was sent while the files could not be accepted").toEqual([]);

      await page.getByRole("button", { name: "Upload 1 file" }).click();
      await expect(page.getByTestId("upload-file-row").filter({ hasText: "Completed" })).toHaveCount(1, {
        timeout: 45_000,
      });
    });

    test("a guest's file is checked before a guest session is spent on it", async ({ page }) => {
      await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
      const sessions: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/batch/guest-session")) sessions.push(request.url());
      });
      const guest = new GuestUploadPanel(page);
      await guest.goto();
      await expect(guest.panel.getByTestId("guest-limits")).toHaveText(
        "As a guest you can upload 1 file (a PDF or an image) of up to 46 pages and 10.0 MB.",
      );
      await guest.upload(await invoicePdf("long.pdf", "INV-47", 47));
      const refusal = guest.panel.getByRole("alert");
      await expect(refusal).toContainText("long.pdf cannot be uploaded");
      await expect(refusal).toContainText("The PDF has 47 pages; an upload may have 46.");
      await captureScreen(page, `guest-precheck-${screen}`);
      expect(sessions).toEqual([]);
    });

    test("when guest uploads are unavailable, the page does not also offer one", async ({ page }) => {
      const address = uniqueClientAddress();
      // The address's three guest sessions of the day are spent elsewhere.
      for (let session = 0; session < 3; session++) {
        const response = await page.request.get("/api/batch/guest-session", {
          headers: { "x-forwarded-for": address },
        });
        expect(response.status()).toBe(200);
      }
      await page.setExtraHTTPHeaders({ "x-forwarded-for": address });
      const guest = new GuestUploadPanel(page);
      await guest.goto();
      await guest.upload(await invoicePdf("one.pdf", "INV-1"));
      await expect(guest.panel.getByRole("alert")).toContainText("Guest uploads are unavailable right now");
      await expect(guest.panel.getByTestId("guest-limits")).not.toContainText("you can upload");
      await expect(guest.panel.getByRole("link", { name: "Create an account" })).toBeVisible();
      await captureScreen(page, `guest-unavailable-${screen}`);
    });
  });
}
