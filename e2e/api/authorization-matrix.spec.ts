import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { bearer } from "../support/accounts";
import { createV1Account, pdfPart, postExtract, secondKey, textPdf, type V1Account } from "../support/v1";
import { digitalPdf, guestHeaders, uploadBatch, waitForBatch } from "./batch-support";

// Every route with an id in its path, found from /openapi.json so a new route
// cannot be forgotten, called with another user's JWT, another user's sd_ key and another guest
// session: 404 (or 401 where the OpenAPI document says that credential is not accepted there), and
// never a byte of the owner's data. The owner's own calls answer first, so the ids are real.

type Operation = { method: string; path: string; security: Array<Record<string, unknown>> | undefined };
type Caller = { name: string; scheme: "bearerJwt" | "bearerApiKey" | "guestSession"; headers: Record<string, string> };

/** Routes whose path id is itself the credential: anyone holding it may use it, by design. */
const CREDENTIAL_IN_PATH: Record<string, string> = {
  "GET /api/auth/invitation/{token}": "the invitation token is the invitee's credential",
  "GET /api/batch/guest-limits/{session_id}": "the guest session id is the guest's only credential",
};

/** Valid bodies, so validation (422) cannot answer before the ownership check (404). */
const BODIES: Record<string, unknown> = {
  "PUT /api/batch/{batch_id}/document/{document_id}": [
    { page_number: 1, extracted_text: "overwritten by someone else" },
  ],
  "PUT /api/batch/{batch_id}/document/{document_id}/page/{page_number}": {
    extracted_text: "overwritten by someone else",
  },
  "POST /api/batch/{batch_id}/document/{document_id}/automap": { template_fields: [{ name: "Invoice Number" }] },
  "POST /api/batch/{batch_id}/document/{document_id}/chat": { question: "What is the invoice number?" },
  "PATCH /api/batch/{batch_id}": { batch_name: "renamed by someone else" },
};

/** Required query parameters, so validation (422) cannot answer before the ownership check (404). */
const QUERIES: Record<string, string> = {
  "GET /api/batch/{batch_id}/document/{document_id}/search": "q=invoice",
};

/** Owner GETs not checked for a 2xx first: the resource cannot be made in this suite. */
const NO_OWNER_BASELINE = new Set(["DELETE /api/batch/web-session/{session_id}"]);

const marker = `authz${randomUUID().slice(0, 8)}`;
let owner: V1Account;
let ids: Record<string, string>;
let operations: Operation[];
let callers: Caller[];

async function json(
  request: APIRequestContext,
  method: string,
  url: string,
  headers: Record<string, string>,
  data?: unknown,
) {
  return request.fetch(url, { method, headers, ...(data === undefined ? {} : { data }) });
}

async function makeOwnerResources(request: APIRequestContext): Promise<void> {
  owner = await createV1Account(request);
  const ownerJwt = bearer(owner.user.token);

  const upload = await uploadBatch(request, {
    headers: ownerJwt,
    files: [{ ...(await digitalPdf([[`Invoice Number: ${marker}`, "Total: 120.50 EUR"]])), name: `${marker}.pdf` }],
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const batch = await upload.json();
  expect((await waitForBatch(request, batch.batch_id, ownerJwt)).status).toBe("completed");
  const results = await (await request.get(`/api/batch/results/${batch.batch_id}`, { headers: ownerJwt })).json();
  const document = results.documents[0];
  const imageUrl: string = document.pages[0].image_url;

  const extract = await postExtract(request, owner.headers, {
    file: pdfPart(await textPdf(1, [`Invoice Number: ${marker}`])),
    output_format: "csv",
  });
  expect(extract.status(), await extract.text()).toBe(200);

  // A job with a webhook, so the owner has a delivery (nothing listens on the discard port; the row is what counts).
  // With a key of its own: the owner's main key keeps its per-minute budget for the checks below.
  const hooked = await postExtract(request, await secondKey(request, owner), {
    file: pdfPart(await textPdf(1, [`Invoice Number: ${marker}`])),
    webhook_url: "http://127.0.0.1:9/hook",
  });
  expect(hooked.status(), await hooked.text()).toBe(202);
  let deliveryId: string | undefined;
  await expect
    .poll(
      async () => {
        const log = await (await request.get("/api/users/me/webhook-deliveries", { headers: ownerJwt })).json();
        deliveryId = log[0]?.id;
        return deliveryId;
      },
      { timeout: 30_000 },
    )
    .toBeDefined();

  const chat = await json(request, "POST", "/api/batch/document-chat/sessions", ownerJwt, {
    title: marker,
    batch_id: batch.batch_id,
    document_id: document.document_id,
    messages: [{ role: "user", content: `Tell me about ${marker}` }],
  });
  expect(chat.status(), await chat.text()).toBe(200);

  const library = await json(request, "POST", "/api/batch/save-generated-file", ownerJwt, {
    action: "save_to_library",
    file_name: `${marker}.csv`,
    content: `field,value\nsecret,${marker}\n`,
  });
  expect(library.status(), await library.text()).toBe(200);

  const schema = await json(request, "POST", "/api/extraction-schemas", ownerJwt, {
    name: marker,
    fields: [{ name: "invoice_number", type: "string" }],
  });
  expect(schema.status(), await schema.text()).toBe(200);

  ids = {
    batch_id: batch.batch_id,
    document_id: document.document_id,
    doc_id: document.document_id,
    page_number: "1",
    storage_key: new URL(imageUrl, "http://x").pathname.replace("/api/batch/image/", ""),
    id: (await extract.json()).id,
    key_id: owner.keyId,
    delivery_id: deliveryId!,
    file_id: (await library.json()).file.id,
    format_type: "csv",
    // Document-chat sessions are saved; web sessions need a live browser session, so a made-up id stands in.
    session_id: (await chat.json()).session_id,
    schema_id: (await schema.json()).id,
  };

  const openapi = await (await request.get("/openapi.json")).json();
  operations = Object.entries(openapi.paths as Record<string, Record<string, { security?: Operation["security"] }>>)
    .filter(([path]) => path.includes("{"))
    .flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        security: operation.security,
      })),
    )
    .filter((operation) => !(`${operation.method} ${operation.path}` in CREDENTIAL_IN_PATH));

  const other = await createV1Account(request);
  const guest = await (await request.get("/api/batch/guest-session", { headers: guestHeaders() })).json();
  callers = [
    { name: "another user's JWT", scheme: "bearerJwt", headers: bearer(other.user.token) },
    { name: "another user's sd_ key", scheme: "bearerApiKey", headers: other.headers },
    { name: "another guest session", scheme: "guestSession", headers: { "x-guest-session-id": guest.session_id } },
  ];
}

function urlFor(operation: Operation): string {
  const query = QUERIES[`${operation.method} ${operation.path}`];
  return `${pathFor(operation)}${query ? `?${query}` : ""}`;
}

function pathFor(operation: Operation): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === "session_id" && operation.path.startsWith("/api/batch/web-session/")) return randomUUID();
    const value = ids[name];
    if (value === undefined)
      throw new Error(
        `No id for {${name}} in ${operation.method} ${operation.path}: make the owner one in makeOwnerResources`,
      );
    return name === "storage_key" ? value : encodeURIComponent(value);
  });
}

test("another user (JWT, sd_ key) and another guest get 404 and no data on every id route", async ({ request }) => {
  test.setTimeout(240_000);
  await test.step("the owner makes one of everything", () => makeOwnerResources(request));

  await test.step("the id routes come from the OpenAPI document", () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining([
        "GET /api/batch/results/{batch_id}",
        "GET /v1/jobs/{id}",
        "DELETE /api/users/me/api-keys/{key_id}",
      ]),
    );
  });

  await test.step("the owner's GETs answer, so the ids are real", async () => {
    for (const operation of operations.filter((candidate) => candidate.method === "GET")) {
      const route = `${operation.method} ${operation.path}`;
      if (NO_OWNER_BASELINE.has(route)) continue;
      const headers = operation.path.startsWith("/v1/") ? owner.headers : bearer(owner.user.token);
      const response = await request.get(urlFor(operation), { headers });
      expect(response.status(), `${route} as its owner: ${await response.text()}`).toBeLessThan(300);
    }
  });

  await test.step("everyone else gets 404 (401 where the credential is not accepted) and no data", async () => {
    const outcomes: string[] = [];
    for (const operation of operations) {
      const route = `${operation.method} ${operation.path}`;
      const url = urlFor(operation);
      for (const caller of callers) {
        const accepted = (operation.security ?? []).some((requirement) => caller.scheme in requirement);
        const expected = accepted ? 404 : 401;
        const data = operation.method === "GET" || operation.method === "DELETE" ? undefined : (BODIES[route] ?? {});
        const response = await json(request, operation.method, url, caller.headers, data);
        const body = await response.text();
        if (response.status() !== expected || body.includes(marker))
          outcomes.push(
            `${route} as ${caller.name}: ${response.status()} (expected ${expected}) ${body.slice(0, 200)}`,
          );
        // Probe finding 10: a /v1 401 carries the rate-limit headers too.
        if (expected === 401 && operation.path.startsWith("/v1/") && !response.headers()["x-ratelimit-limit"])
          outcomes.push(`${route} as ${caller.name}: 401 without X-RateLimit-Limit`);
      }
    }
    expect(outcomes, outcomes.join("\n")).toEqual([]);
  });

  await test.step("nothing was changed or removed", async () => {
    const results = await (
      await request.get(`/api/batch/results/${ids.batch_id}`, { headers: bearer(owner.user.token) })
    ).json();
    expect(results.documents[0].pages[0].extracted_text).toContain(marker);
    expect((await request.get(`/v1/jobs/${ids.id}`, { headers: owner.headers })).status()).toBe(200);
    expect(
      (await request.get(`/api/batch/library/${ids.file_id}/download`, { headers: bearer(owner.user.token) })).status(),
    ).toBe(200);
    expect(
      (
        await request.get(`/api/batch/document-chat/sessions/${ids.session_id}`, { headers: bearer(owner.user.token) })
      ).status(),
    ).toBe(200);
    const schemas = await (await request.get("/api/extraction-schemas", { headers: bearer(owner.user.token) })).json();
    expect(schemas.schemas.map((saved: { id: string }) => saved.id)).toEqual([ids.schema_id]);
  });
});
