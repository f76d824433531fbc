import { expect, type APIRequestContext } from "@playwright/test";
import { bearer } from "../../support/accounts";
import type { SampleFile } from "./documents-samples";

// Set-up through the API for tests whose subject is a later screen (the viewer), not the upload.

/** Uploads files as one batch with the user's token and waits until it is read; answers the ids. */
export async function uploadAndWait(
  request: APIRequestContext,
  token: string,
  files: SampleFile[],
  batchName: string,
): Promise<{ batchId: string; documentIds: string[] }> {
  const form = new FormData();
  form.append("batch_name", batchName);
  for (const file of files)
    form.append("files", new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await request.post("/api/batch/upload", { headers: bearer(token), multipart: form });
  expect(response.status(), await response.text()).toBe(200);
  const upload = (await response.json()) as { batch_id: string; documents: { document_id: string }[] };
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/batch/status/${upload.batch_id}`, { headers: bearer(token) })).json()) as {
            status: string;
          }
        ).status,
      {
        timeout: 45_000,
        intervals: [250, 500, 1000],
      },
    )
    .toBe("completed");
  return { batchId: upload.batch_id, documentIds: upload.documents.map((document) => document.document_id) };
}
