import { expect, test } from "@playwright/test";
import { bearer, createUser } from "../support/accounts";
import { textPdf } from "../support/v1";
import { uploadAndWait } from "../ui/support/documents-api";

test("schemas are saved per user by name, replaced on save, and never visible to another user", async ({ request }) => {
  const owner = await createUser(request);
  const fields = [
    { name: "invoice_number", type: "string" },
    { name: "total", type: "number" },
  ];
  const saved = await request.post("/api/extraction-schemas", {
    headers: bearer(owner.token),
    data: { name: "Invoices", fields },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const again = await request.post("/api/extraction-schemas", {
    headers: bearer(owner.token),
    data: { name: "Invoices", fields: [fields[1]] },
  });
  const schema = await again.json();
  const listed = await (await request.get("/api/extraction-schemas", { headers: bearer(owner.token) })).json();
  expect(listed.schemas).toEqual([expect.objectContaining({ id: schema.id, name: "Invoices", fields: [fields[1]] })]);

  const duplicate = await request.post("/api/extraction-schemas", {
    headers: bearer(owner.token),
    data: { name: "Twice", fields: [fields[0], fields[0]] },
  });
  expect(duplicate.status()).toBe(422);
  expect(JSON.stringify(await duplicate.json())).toContain("Two fields have the same name");

  const stranger = await createUser(request);
  expect(
    (await (await request.get("/api/extraction-schemas", { headers: bearer(stranger.token) })).json()).schemas,
  ).toEqual([]);
  const theirs = await request.delete(`/api/extraction-schemas/${schema.id}`, { headers: bearer(stranger.token) });
  expect(theirs.status()).toBe(404);
  const mine = await request.delete(`/api/extraction-schemas/${schema.id}`, { headers: bearer(owner.token) });
  expect(mine.status()).toBe(200);
});

test("the playground extracts a batch document with a schema and cites each value's page and box", async ({
  request,
}) => {
  const user = await createUser(request);
  const invoice = { name: "invoice.pdf", mimeType: "application/pdf", buffer: await textPdf(1) };
  const { batchId, documentIds } = await uploadAndWait(request, user.token, [invoice], "To extract");
  const form = new FormData();
  form.append("source_batch_id", batchId);
  form.append("source_document_id", documentIds[0]);
  form.append("schema", JSON.stringify([{ name: "invoice_number", type: "string" }]));
  form.append("detail", "true");
  const response = await request.post("/api/extract", { headers: bearer(user.token), multipart: form });
  expect(response.status(), await response.text()).toBe(200);
  const body = await response.json();
  expect(body.result.fields).toEqual({ invoice_number: "INV-2042" });
  expect(body.result.field_details[0]).toMatchObject({ name: "invoice_number", page: 1, box: expect.any(Object) });

  const onlyBatch = new FormData();
  onlyBatch.append("source_batch_id", batchId);
  const refused = await request.post("/api/extract", { headers: bearer(user.token), multipart: onlyBatch });
  expect(refused.status()).toBe(422);
  const stranger = await createUser(request);
  const notTheirs = await request.post("/api/extract", { headers: bearer(stranger.token), multipart: form });
  expect(notTheirs.status()).toBe(404);
});
