import { expect, test } from "./support/fixtures";
import { uploadAndWait } from "./support/documents-api";
import { invoicePdf } from "./support/documents-samples";
import { signedInUser } from "./support/session";

// Answers are shown as a person reads them: a list as a list, bold as bold, no raw "- " or "**".

test("a chat answer's passages show as a list and its labels in bold, without Markdown markers", async ({ page }) => {
  const user = await signedInUser(page, "/batches");
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [await invoicePdf("listed.pdf", "INV-31", 3)],
    "Lists",
  );
  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const chat = page.getByTestId("chat-panel");
  const question = chat.getByRole("textbox", { name: "Your question" });

  await question.fill("passages naming the reference INV-31");
  await chat.getByRole("button", { name: "Ask" }).click();
  const passages = chat.getByTestId("assistant-message").last();
  await expect(passages.getByRole("listitem").first()).toContainText("Reference: INV-31");
  expect(await passages.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);
  await expect(passages.getByTestId("answer-text")).not.toContainText('- "');
  // The citation buttons still work inside the list items.
  await expect(passages.getByRole("listitem").first().getByTestId("citation")).toBeVisible();

  await question.fill("What is the total due?");
  await chat.getByRole("button", { name: "Ask" }).click();
  const total = chat.getByTestId("assistant-message").last();
  await expect(total.locator("strong")).toHaveText("Total");
  await expect(total.getByTestId("answer-text")).not.toContainText("**");
});
