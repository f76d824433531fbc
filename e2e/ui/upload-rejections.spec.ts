import { expect, test } from "./support/fixtures";
import { captureScreen } from "./support/accessibility";
import { UploadPage } from "./support/documents-pages";
import { invoicePdf } from "./support/documents-samples";
import { SCREENS } from "./support/screens";
import { signedInUser } from "./support/session";

// Not a JPEG whatever its name says: only the server, reading the bytes, can tell.
const notAPhoto = { name: "holiday-photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]) };

for (const [screen, device] of SCREENS) {
  test.describe(`on a ${screen}`, () => {
    test.use(device);

    test("one unreadable file does not sink the batch: its row says why, the others are read", async ({ page }) => {
      await signedInUser(page, "/upload");
      const upload = new UploadPage(page);
      await upload.upload(
        [await invoicePdf("good-1.pdf", "INV-1"), notAPhoto, await invoicePdf("good-2.pdf", "INV-2")],
        "Mixed bag",
      );

      const refused = upload.fileRows().filter({ hasText: "holiday-photo.jpg" });
      await expect(refused).toHaveAttribute("data-refused", "true");
      await expect(refused).toContainText("Not accepted");
      await expect(refused.getByTestId("refusal-reason")).toHaveText(
        "This type of file cannot be read. Upload a PDF, an image or an office document.",
      );
      await expect(page.getByRole("alert").filter({ hasText: "1 file not accepted" })).toBeVisible();
      await expect(upload.fileRows().filter({ hasText: "Completed" })).toHaveCount(2, { timeout: 45_000 });
      await expect(refused).not.toContainText("Uploading");
      await captureScreen(page, `upload-partly-refused-${screen}`);

      // The batch keeps the refused file in its list, with the reason, after the upload page is gone.
      await page.getByRole("link", { name: "Open batch" }).click();
      const kept = page.getByTestId("refused-file");
      await expect(kept).toHaveCount(1);
      await expect(kept).toContainText("holiday-photo.jpg");
      await expect(kept).toContainText("This type of file cannot be read.");
      await expect(page.getByRole("heading", { name: "Not accepted at upload (1)" })).toBeVisible();
      await captureScreen(page, `batch-with-refused-file-${screen}`);
    });

    test("when the whole upload is refused, every row says so and the files can be changed and sent again", async ({
      page,
    }) => {
      await signedInUser(page, "/upload");
      const upload = new UploadPage(page);
      await upload.upload([notAPhoto, { ...notAPhoto, name: "scan.jpg" }], "Nothing readable");
      await expect(upload.fileRows().filter({ hasText: "Not accepted" })).toHaveCount(2);
      await expect(page.getByRole("alert").filter({ hasText: "None of the 2 files could be accepted" })).toBeVisible();
      await captureScreen(page, `upload-refused-${screen}`);

      await page.getByRole("button", { name: "Change the files" }).click();
      const chosen = page.getByRole("list", { name: "Chosen files" }).getByRole("listitem");
      await expect(chosen).toHaveCount(2);
      await page.getByRole("button", { name: "Remove scan.jpg" }).click();
      await page.getByLabel("Choose files").setInputFiles(await invoicePdf("fixed.pdf", "INV-3"));
      await page.getByRole("button", { name: "Remove holiday-photo.jpg" }).click();
      await page.getByRole("button", { name: "Upload 1 file" }).click();
      await expect(upload.fileRows().filter({ hasText: "Completed" })).toHaveCount(1, { timeout: 45_000 });
    });
  });
}
