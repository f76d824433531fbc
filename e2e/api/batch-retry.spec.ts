import { expect, test } from "../support/fixtures";
import { digitalPdf, hideStoredOriginal, uploadBatch, waitForBatch } from "./batch-support";

test.describe("batch retry", () => {
  test("a document whose stored file went missing fails; once restored, retry completes it and charges each page once", async ({
    request,
    auth,
  }) => {
    const batch = await (
      await uploadBatch(request, {
        headers: auth,
        files: [await digitalPdf([["Retry page one"], ["Retry page two"]])],
        skipProcessing: true,
      })
    ).json();
    const documentId = batch.documents[0].document_id;
    const original = hideStoredOriginal(batch.batch_id, documentId, "pdf");

    await request.post(`/api/batch/${batch.batch_id}/process`, { headers: auth });
    const failed = await waitForBatch(request, batch.batch_id, auth);
    expect(failed).toMatchObject({
      status: "failed",
      documents: [{ status: "failed", error: expect.stringMatching(/missing/) }],
    });

    original.restore();
    const retry = await request.post(`/api/batch/${batch.batch_id}/retry`, {
      headers: auth,
      data: { processing_mode: "normal" },
    });
    expect(retry.status(), await retry.text()).toBe(200);
    expect(await retry.json()).toMatchObject({ retried_documents: [documentId], retried_count: 1 });
    expect(await waitForBatch(request, batch.batch_id, auth)).toMatchObject({ status: "completed", pages_done: 2 });

    // Nothing left to retry: the second call re-queues nothing and deletes nothing.
    const again = await (await request.post(`/api/batch/${batch.batch_id}/retry`, { headers: auth })).json();
    expect(again).toMatchObject({ retried_count: 0 });
    const usage = await (await request.get("/api/ocr/usage", { headers: auth })).json();
    expect(usage.ocr).toMatchObject({ documents: 1, pages: 2, tokens: 2000 });
    expect(
      (
        await request.post(`/api/batch/${batch.batch_id}/retry`, { headers: auth, data: { processing_mode: "turbo" } })
      ).status(),
    ).toBe(422);
  });
});
