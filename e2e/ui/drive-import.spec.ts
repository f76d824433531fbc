import { randomUUID } from "node:crypto";
import { localTokenEndpoint } from "../support/local-providers";
import { textPdf } from "../support/v1";
import { captureScreen } from "./support/accessibility";
import { expect, test } from "./support/fixtures";
import { signedInUser } from "./support/session";

test("connect the drive from the browser, import two files as a batch and watch it finish", async ({ page }) => {
  const user = await signedInUser(page, "/upload");
  const sub = `drive-${randomUUID()}`;
  // The consent screen approves as the account the page suggests (login_hint = the user's e-mail).
  await localTokenEndpoint.registerIdentity({ sub, email: user.email });
  const pdf = (await textPdf(1)).toString("base64");
  await localTokenEndpoint.putDriveFiles(sub, [
    { id: "f-work", name: "Work", mimeType: "application/vnd.google-apps.folder", parents: ["root"] },
    { id: "f-a", name: "a-invoice.pdf", mimeType: "application/pdf", parents: ["f-work"], content: pdf },
    { id: "f-b", name: "Summary", mimeType: "application/vnd.google-apps.document", parents: ["f-work"], content: pdf },
    { id: "f-c", name: "tool.exe", mimeType: "application/octet-stream", parents: ["f-work"], content: "TVo=" },
  ]);

  const drive = page.getByRole("region", { name: "Import from Google Drive" });
  await expect(drive).toContainText("Connect your Google Drive");
  await drive.getByRole("button", { name: "Connect Google Drive" }).click();
  // Back from the consent screen: the code was exchanged, and the address no longer carries it.
  await expect(drive).toContainText(`Connected as ${user.email}`);
  expect(new URL(page.url()).searchParams.has("code")).toBe(false);
  await drive.getByRole("button", { name: "Work" }).click();
  await expect(drive.getByRole("navigation", { name: "Drive folder" })).toContainText("My Drive/Work");
  await expect(drive.getByRole("checkbox", { name: /tool\.exe/ })).toBeDisabled();
  await drive.getByRole("checkbox", { name: "a-invoice.pdf" }).check();
  await drive.getByRole("checkbox", { name: "Summary" }).check();
  await captureScreen(page, "drive-import");
  await drive.getByRole("button", { name: "Import 2 files" }).click();

  const result = drive.getByTestId("drive-import-result");
  await expect(result).toContainText("2 imported");
  await expect(result).toContainText("completed", { timeout: 45_000 });
  await result.getByRole("link", { name: "Open the batch" }).click();
  await expect(page.getByRole("heading", { name: "Summary.pdf" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "a-invoice.pdf" })).toBeVisible();
});
