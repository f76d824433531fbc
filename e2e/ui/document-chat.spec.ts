import { expect, test, type Locator } from "@playwright/test";
import { uploadAndWait } from "./support/documents-api";
import { invoicePdf } from "./support/documents-samples";
import { signedInUser } from "./support/session";

async function rectOf(locator: Locator) {
  const [x, y, width, height] = await Promise.all(
    ["x", "y", "width", "height"].map(async (name) => Number(await locator.getAttribute(name))),
  );
  return { x, y, width, height };
}

test("ask in the viewer's chat, see the answer stream, click the citation to highlight its box, reopen the saved chat", async ({
  page,
}) => {
  const user = await signedInUser(page, "/batches");
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [await invoicePdf("chat.pdf", "INV-7070")],
    "Chat",
  );
  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);

  const chat = page.getByTestId("chat-panel");
  await chat.getByRole("textbox", { name: "Your question" }).fill("What is the total due?");
  await chat.getByRole("button", { name: "Ask" }).click();
  const answer = chat.getByTestId("assistant-message").last();
  await expect(answer.locator('[data-tool="search_knowledge_base"][data-state="done"]')).toBeVisible();
  await expect(answer).toContainText("120.50");
  await expect(answer).toContainText("Answered by: the built-in engine");

  // The citation opens the page with the cited words' box highlighted.
  await expect(page.getByTestId("selected-box")).toHaveCount(0);
  await answer.getByTestId("citation").first().click();
  const highlight = page.getByTestId("selected-box");
  await expect(highlight).toBeAttached();
  const amount = page
    .getByTestId("page-canvas")
    .locator('rect[data-box^="words:"]')
    .filter({ has: page.locator("title", { hasText: /^120\.50 / }) });
  const box = await rectOf(highlight);
  const word = await rectOf(amount);
  expect(word.x).toBeGreaterThanOrEqual(box.x - 1e-6);
  expect(word.y).toBeGreaterThanOrEqual(box.y - 1e-6);
  expect(word.x + word.width).toBeLessThanOrEqual(box.x + box.width + 1e-6);
  expect(word.y + word.height).toBeLessThanOrEqual(box.y + box.height + 1e-6);

  // The chat was saved: after a reload it is listed, and opens with its citation.
  await page.reload();
  const sessions = page.getByTestId("chat-sessions");
  await sessions.getByRole("button", { name: "What is the total due?", exact: true }).click();
  const reopened = page.getByTestId("chat-panel").getByTestId("assistant-message");
  await expect(reopened).toContainText("120.50");
  await reopened.getByTestId("citation").first().click();
  await expect(page.getByTestId("selected-box")).toBeAttached();

  // And it can be deleted.
  await sessions.getByRole("button", { name: /Delete chat What is the total due/ }).click();
  await expect(sessions.getByRole("button", { name: "What is the total due?", exact: true })).toHaveCount(0);
});

test("the chat page answers over the library and its citation opens the viewer with the box highlighted", async ({
  page,
}) => {
  const user = await signedInUser(page, "/chat");
  await uploadAndWait(page.request, user.token, [await invoicePdf("library.pdf", "INV-8080")], "Library");
  await page.goto("/chat");
  const chat = page.getByTestId("chat-panel");
  await chat.getByRole("textbox", { name: "Your question" }).fill("invoice number");
  await chat.getByRole("button", { name: "Ask" }).click();
  await expect(chat.getByTestId("assistant-message")).toContainText("INV-8080");
  await chat.getByTestId("citation").first().click();
  await expect(page).toHaveURL(/\/documents\/.+\?page=1&box=/);
  await expect(page.getByTestId("selected-box")).toBeAttached();
});
