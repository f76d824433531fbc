import { expect, test } from "../support/fixtures";
import {
  loopingPageTreePdf,
  miscountedZeroPagePdf,
  pngWithGarbledPixels,
  zeroPagePdf,
} from "../../lib/documents/testing/make-hostile-files";
import { renderTextImage } from "../../lib/documents/testing/render-text-image";
import { createV1Account, errorOf, formWithFiles, textPdf } from "../support/v1";
import { uploadBatch } from "./batch-support";

// A file that cannot be read at all is refused when it is uploaded, with a 4xx naming it: never
// accepted, stored and read (or retried) to fail later. The proof that no reading was attempted is
// that no job, batch or document exists afterwards, not how long the answer took.

async function damagedFiles() {
  const png = await renderTextImage(["Receipt 7731"], { fontSize: 32 });
  return [
    { name: "garbled.png", buffer: pngWithGarbledPixels(), says: /garbled\.png: .*pixels cannot be decoded/ },
    { name: "cut.png", buffer: png.subarray(0, Math.floor(png.length / 2)), says: /cut\.png: .*cannot be decoded/ },
    { name: "loop.pdf", buffer: loopingPageTreePdf("self"), says: /loop\.pdf: .*page 2 of 2 cannot be found/ },
    { name: "cycle.pdf", buffer: loopingPageTreePdf("child"), says: /cycle\.pdf: .*page 2 of 2 cannot be found/ },
  ];
}

const part = (file: { name: string; buffer: Buffer }) => ({
  name: file.name,
  mimeType: "application/octet-stream",
  buffer: file.buffer,
});

test("/v1/extract refuses a damaged file with 422 corrupt_file naming it, alone or with others, and records no job", async ({
  request,
}) => {
  for (const file of await damagedFiles()) {
    // Each file its own account: three requests each stay within the Free tier's 10 a minute.
    const { headers } = await createV1Account(request);
    const alone = await request.post("/v1/extract", { headers, multipart: { file: part(file) } });
    expect(alone.status(), file.name).toBe(422);
    expect(await errorOf(alone), file.name).toMatchObject({
      code: "corrupt_file",
      message: expect.stringMatching(file.says),
    });

    // Several files make the request asynchronous; a damaged one is still refused before a job starts.
    const good = { name: "invoice.pdf", buffer: await textPdf(1) };
    const together = await request.post("/v1/extract", {
      headers,
      multipart: formWithFiles("files", [good, file]),
    });
    expect(together.status(), file.name).toBe(422);
    expect(await errorOf(together), file.name).toMatchObject({
      code: "corrupt_file",
      message: expect.stringMatching(file.says),
    });

    expect((await (await request.get("/v1/jobs", { headers })).json()).data, file.name).toEqual([]);
  }
});

test("batch upload lists each damaged or page-less file as refused with its reason and reads only the good one", async ({
  request,
  auth,
}) => {
  const damaged = await damagedFiles();
  const pageless = [
    { name: "none.pdf", buffer: zeroPagePdf() },
    { name: "miscounted.pdf", buffer: miscountedZeroPagePdf() },
  ];
  const good = { name: "invoice.pdf", mimeType: "application/pdf", buffer: await textPdf(1) };
  const upload = await uploadBatch(request, { headers: auth, files: [good, ...[...damaged, ...pageless].map(part)] });
  expect(upload.status(), await upload.text()).toBe(200);
  const batch = await upload.json();
  expect(batch.documents.map((document: { file_name: string }) => document.file_name)).toEqual(["invoice.pdf"]);
  expect(batch.rejected).toHaveLength(damaged.length + pageless.length);
  damaged.forEach((file, index) =>
    expect(batch.rejected[index]).toMatchObject({
      file_index: index + 1,
      file_name: file.name,
      code: "corrupt_document",
      message: expect.stringMatching(file.says),
    }),
  );
  expect(batch.rejected.slice(damaged.length)).toEqual([
    expect.objectContaining({ file_name: "none.pdf", code: "empty_document", message: "none.pdf has no pages" }),
    // Uploads hand a PDF's bytes to its reader, so the page count it claims and cannot find is damage.
    expect.objectContaining({ file_name: "miscounted.pdf", code: "corrupt_document" }),
  ]);
});

test("/api/ocr/process refuses a damaged file with 422 before storing it", async ({ request, auth }) => {
  for (const file of await damagedFiles()) {
    const response = await request.post("/api/ocr/process", { headers: auth, multipart: { file: part(file) } });
    expect(response.status(), file.name).toBe(422);
    expect(JSON.stringify(await response.json()), file.name).toMatch(file.says);
  }
  expect((await (await request.get("/api/batch/history", { headers: auth })).json()).total).toBe(0);
});
