import { expect, test } from "../support/fixtures";
import { digitalPdf, uploadBatch, waitForBatch } from "./batch-support";

// Word-by-word corrections over HTTP: the page PUT's word_edits, the precise path beside a new
// extracted_text (e2e/api/page-text-edits.spec.ts), and the 422s for bodies that mix the two.

test("word_edits correct single words, keep the raw reading and rebuild the page text; word_edits mixed with text answer 422", async ({
  request,
  auth,
}) => {
  const batch = await (
    await uploadBatch(request, {
      headers: auth,
      files: [await digitalPdf([["Invoice Number: INV-2041", "Total: 120.50 EUR"]])],
    })
  ).json();
  await waitForBatch(request, batch.batch_id, auth);
  const url = `/api/batch/${batch.batch_id}/document/${batch.documents[0].document_id}/page/1`;
  const before = (await (await request.get(`/api/batch/results/${batch.batch_id}`, { headers: auth })).json())
    .documents[0].pages[0];
  const index = before.bounding_boxes.words.findIndex((word: { text: string }) => word.text === "120.50");

  const edited = await request.put(url, { headers: auth, data: { word_edits: [{ index, text: "125.50" }] } });
  expect(edited.status(), await edited.text()).toBe(200);
  const page = await edited.json();
  expect(page.bounding_boxes.words[index]).toMatchObject({
    text: "125.50",
    original_text: "120.50",
    box: before.bounding_boxes.words[index].box,
  });
  expect(page.extracted_text).toBe("Invoice Number: INV-2041\nTotal: 125.50 EUR");
  expect(page.edited).toBe(true);

  expect(page.word_changes).toEqual({
    kept: page.bounding_boxes.words.length - 1,
    changed: 1,
    inserted: 0,
    removed: 0,
    text_replaced: false,
  });

  expect(
    (
      await request.put(url, { headers: auth, data: { word_edits: [{ index: 0, text: "x" }], extracted_text: "x" } })
    ).status(),
  ).toBe(422);
  expect((await request.put(url, { headers: auth, data: { word_edits: [{ index: 9999, text: "x" }] } })).status()).toBe(
    422,
  );
  // Text and words in agreement are accepted as they are.
  expect(
    (
      await request.put(url, {
        headers: auth,
        data: { extracted_text: page.extracted_text, bounding_boxes: page.bounding_boxes },
      })
    ).status(),
  ).toBe(200);
});
