import { expect, test, type APIRequestContext } from "@playwright/test";
import { PDFDocument, type PDFTextField } from "pdf-lib";
import { makeFormPdf } from "@/lib/fill/testing/make-form-pdf";
import { bearer, createUser, type TestUser } from "../support/accounts";
import { textPdf } from "../support/v1";
import { uploadAndWait } from "../ui/support/documents-api";

// The Fill page's routes: /v1/fill's jobs for a signed-in person, sources from a batch of theirs.

const formSpecs = [
  { kind: "text" as const, name: "invoice_no", label: "Invoice number" },
  { kind: "text" as const, name: "customer", label: "Customer" },
];

async function waitForBrowserJob(request: APIRequestContext, user: TestUser, id: string) {
  let job: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        job = await (await request.get(`/api/jobs/${id}`, { headers: bearer(user.token) })).json();
        return job.status;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .not.toBe("processing");
  return job;
}

test("fills a PDF form from a batch's documents, polls and downloads through /api, and hides it from others", async ({
  request,
}) => {
  const user = await createUser(request);
  const invoice = { name: "invoice.pdf", mimeType: "application/pdf", buffer: await textPdf(1) };
  const { batchId } = await uploadAndWait(request, user.token, [invoice], "Invoices to fill from");
  const form = new FormData();
  form.append("target_pdf", new File([new Uint8Array(await makeFormPdf(formSpecs))], "form.pdf"));
  form.append("source_batch_id", batchId);
  const started = await request.post("/api/fill/pdf", { headers: bearer(user.token), multipart: form });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = await started.json();

  const job = await waitForBrowserJob(request, user, id);
  expect(job.status, JSON.stringify(job)).toBe("completed");
  const result = job.result as { download_url: string; field_details: Array<Record<string, unknown>> };
  expect(result.download_url).toBe(`/api/jobs/${id}/download`);
  expect(result.field_details.find((field) => field.field_name === "invoice_no")).toMatchObject({
    value: "INV-2042",
    source_file: "invoice.pdf",
    page: 1,
  });
  const file = await request.get(result.download_url, { headers: bearer(user.token) });
  expect(file.status()).toBe(200);
  const filled = (await PDFDocument.load(await file.body())).getForm();
  expect((filled.getField("invoice_no") as PDFTextField).getText()).toBe("INV-2042");
  const listed = await (await request.get("/api/jobs", { headers: bearer(user.token) })).json();
  expect(listed.data.map((listedJob: { id: string }) => listedJob.id)).toContain(id);

  const stranger = await createUser(request);
  expect((await request.get(`/api/jobs/${id}`, { headers: bearer(stranger.token) })).status()).toBe(404);
  expect((await request.get(result.download_url, { headers: bearer(stranger.token) })).status()).toBe(404);
  const theirs = new FormData();
  theirs.append("target_pdf", new File([new Uint8Array(await makeFormPdf(formSpecs))], "form.pdf"));
  theirs.append("source_batch_id", batchId);
  const refused = await request.post("/api/fill/pdf", { headers: bearer(stranger.token), multipart: theirs });
  expect(refused.status()).toBe(404);
});

test("the browser routes need a signed-in user and say what is missing", async ({ request }) => {
  const anonymous = await request.post("/api/fill/pdf", { multipart: { instructions: "x" } });
  expect(anonymous.status()).toBe(401);
  const user = await createUser(request);
  const form = new FormData();
  form.append("target_pdf", new File([new Uint8Array(await makeFormPdf(formSpecs))], "form.pdf"));
  const nothing = await request.post("/api/fill/pdf", { headers: bearer(user.token), multipart: form });
  expect(nothing.status()).toBe(400);
  expect(JSON.stringify(await nothing.json())).toContain("Give at least one of");
  const wrongBatch = new FormData();
  wrongBatch.append("target_pdf", new File([new Uint8Array(await makeFormPdf(formSpecs))], "form.pdf"));
  wrongBatch.append("source_batch_id", "not-a-batch");
  expect((await request.post("/api/fill/pdf", { headers: bearer(user.token), multipart: wrongBatch })).status()).toBe(
    404,
  );
});
