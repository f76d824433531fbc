import { writeFileSync } from "node:fs";
import path from "node:path";
import mammoth from "mammoth";
import { expect, test, type APIRequestContext } from "../support/fixtures";
import { parse as parseYaml } from "yaml";
import { DOMParser } from "@xmldom/xmldom";
import { pdfToText } from "../../lib/export/testing/read-back";
import { bearer, createUser } from "../support/accounts";
import { digitalPdf, findBatchBlobDir, scannedPng, uploadBatch, waitForBatch } from "./batch-support";

// Export, convert and match-schema over HTTP: every output read back by an independent reader
// (pdftotext, mammoth, an XML parser, YAML), and another user's ids answering 404 everywhere.

async function readyBatch(request: APIRequestContext, auth: Record<string, string>) {
  const upload = await uploadBatch(request, {
    headers: auth,
    files: [await digitalPdf(), await scannedPng()],
    batchName: "Ünïcode batch",
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const batch = await upload.json();
  expect((await waitForBatch(request, batch.batch_id, auth)).status).toBe("completed");
  const results = await (await request.get(`/api/batch/results/${batch.batch_id}`, { headers: auth })).json();
  return { batchId: batch.batch_id as string, results };
}

test.describe("export and convert", () => {
  test("searchable PDF, report PDF and DOCX carry the corrected words, key-values and tables; nothing stored changes", async ({
    request,
    auth,
  }) => {
    const { batchId, results } = await readyBatch(request, auth);
    const scan = results.documents.find((document: { type: string }) => document.type === "png");
    const page = structuredClone(scan.pages[0]);
    const word = page.bounding_boxes.words.find((candidate: { text: string }) => candidate.text.includes("7731"));
    expect(word, JSON.stringify(page.bounding_boxes.words)).toBeDefined();
    word.text = "7739";
    page.extracted_text = page.extracted_text.replace("7731", "7739");
    page.structured_data = {
      key_value_pairs: [{ key: "Kunde", value: "上海贸易 🚀" }],
      tables: [
        {
          rows: [
            ["Item", "Qty"],
            ["Widget", "3"],
          ],
        },
      ],
    };

    const searchable = await request.post(`/api/batch/${batchId}/export/pdf`, {
      headers: auth,
      data: { documents: [{ document_id: scan.document_id, pages: [page] }] },
    });
    expect(searchable.status(), await searchable.text()).toBe(200);
    expect(searchable.headers()["x-export-mode"]).toBe("searchable");
    expect(searchable.headers()["content-disposition"]).toContain("filename*=UTF-8''%C3%9Cn%C3%AFcode%20batch.pdf");
    const searchableText = await pdfToText(await searchable.body());
    expect(searchableText).toMatch(/Receipt\s+7739[\s\S]*Amount\s+42\.00/);
    expect(searchableText).toContain("INV-2041");

    const report = await request.post(`/api/batch/${batchId}/export/pdf`, {
      headers: auth,
      data: {
        mode: "report",
        document_ids: [scan.document_id],
        documents: [{ document_id: scan.document_id, pages: [page] }],
      },
    });
    const reportText = await pdfToText(await report.body());
    for (const expected of ["Kunde", "上海贸易", "Widget", "Receipt 7739"]) expect(reportText).toContain(expected);

    const docx = await request.post(`/api/batch/${batchId}/export/docx`, {
      headers: auth,
      data: { documents: [{ document_id: scan.document_id, pages: [page] }] },
    });
    expect(docx.headers()["content-type"]).toContain("wordprocessingml");
    const { value: docxText } = await mammoth.extractRawText({ buffer: await docx.body() });
    for (const expected of ["invoice.pdf", "INV-2041", "Kunde", "上海贸易 🚀", "Widget"])
      expect(docxText).toContain(expected);

    const after = await (await request.get(`/api/batch/results/${batchId}`, { headers: auth })).json();
    expect(
      after.documents.map((document: { pages: unknown[] }) =>
        document.pages.map((stored) => ({ ...(stored as object), image_url: null })),
      ),
    ).toEqual(
      results.documents.map((document: { pages: unknown[] }) =>
        document.pages.map((stored) => ({ ...(stored as object), image_url: null })),
      ),
    );
  });

  test("convert and convert-all: XML parses, CSV cells match the JSON tables, YAML loads to the JSON; saved and shown", async ({
    request,
    auth,
  }) => {
    const { results } = await readyBatch(request, auth);
    const documentId = results.documents[0].document_id;
    const all = await request.post(`/api/batch/documents/${documentId}/convert-all`, { headers: auth });
    expect(all.status(), await all.text()).toBe(200);
    const { formats } = await all.json();
    const json = JSON.parse(formats.json.content);
    expect(parseYaml(formats.yaml.content)).toEqual(json);
    const xml = new DOMParser().parseFromString(formats.xml.content, "text/xml");
    expect(xml.documentElement?.nodeName).toBe("document");
    expect(formats.csv.content).toContain("Invoice Number,INV-2041");
    expect(formats.markdown.content).toContain("## Page 1");

    const markdown = await request.post(`/api/batch/documents/${documentId}/convert/markdown`, { headers: auth });
    expect(await markdown.json()).toMatchObject({ format: "markdown", document_id: documentId, missing_pages: [] });
    const unknown = await request.post(`/api/batch/documents/${documentId}/convert/pdf`, { headers: auth });
    expect(unknown.status()).toBe(422);
    expect(JSON.stringify(await unknown.json())).toContain("xml, csv, yaml, markdown, text");

    const shown = await (await request.get(`/api/ocr/documents/${documentId}`, { headers: auth })).json();
    expect(Object.keys(shown.conversions).sort()).toEqual(["csv", "json", "markdown", "text", "xml", "yaml"]);
  });

  test("a searchable PDF that fails midway is cut short over HTTP, not a complete-looking download", async ({
    request,
    baseURL,
  }) => {
    const auth = bearer((await createUser(request)).token);
    const upload = await uploadBatch(request, {
      headers: auth,
      files: [await scannedPng(), await scannedPng(["Receipt 8842", "Amount 17.00"])],
      batchName: "Cut short",
    });
    const batchId = (await upload.json()).batch_id as string;
    expect((await waitForBatch(request, batchId, auth)).status).toBe("completed");
    const results = await (await request.get(`/api/batch/results/${batchId}`, { headers: auth })).json();
    const [first, second] = results.documents.map((document: { document_id: string }) => document.document_id);
    // The injected failure: the second document's stored page image is no longer an image.
    const blobDir = findBatchBlobDir(batchId);
    expect(blobDir, "the test server keeps blobs on local disk").toBeDefined();
    writeFileSync(path.join(blobDir!, second, "pages", "1.png"), "not a PNG");

    // Read as a browser or curl does, chunk by chunk: the headers and the first page come, then the transfer breaks.
    const response = await fetch(`${baseURL}/api/batch/${batchId}/export/pdf`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ mode: "searchable", document_ids: [first, second] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBeNull();
    const reader = response.body!.getReader();
    const received: Uint8Array[] = [];
    const ending = (async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received.push(chunk.value);
    })();
    await expect(ending).rejects.toThrow();
    expect(Buffer.concat(received).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(Buffer.concat(received).toString("latin1")).not.toContain("%%EOF");
  });

  test("another user's batch and documents answer 404 for every export and convert operation", async ({ request }) => {
    const owner = bearer((await createUser(request)).token);
    const stranger = bearer((await createUser(request)).token);
    const { batchId, results } = await readyBatch(request, owner);
    const documentId = results.documents[0].document_id;
    const attempts = [
      request.post(`/api/batch/${batchId}/export/pdf`, { headers: stranger, data: {} }),
      request.post(`/api/batch/${batchId}/export/docx`, { headers: stranger, data: {} }),
      request.post(`/api/batch/documents/${documentId}/convert/xml`, { headers: stranger }),
      request.post(`/api/batch/documents/${documentId}/convert-all`, { headers: stranger }),
      request.post(`/api/batch/${batchId}/convert/csv`, { headers: stranger }),
      request.post("/api/batch/match-schema", {
        headers: stranger,
        data: { document_id: documentId, schema: { total: "number" } },
      }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status(), response.url()).toBe(404);
    const theirs = await request.post(`/api/batch/${batchId}/export/pdf`, {
      headers: owner,
      data: { document_ids: [documentId], mode: "report" },
    });
    expect(theirs.status()).toBe(200);
  });
});

test.describe("match-schema", () => {
  test("anonymous text matching with offsets, a signed-in document with page and box, 422s and a per-address 429", async ({
    request,
  }) => {
    const text = "Invoice Number: INV-77\nTotal: 99.50\nPaid: yes";
    const anonymous = await request.post("/api/batch/match-schema", {
      data: {
        text,
        schema: [
          { name: "invoice_number", type: "string" },
          { name: "total", type: "number" },
          { name: "paid", type: "boolean" },
        ],
      },
    });
    expect(anonymous.status(), await anonymous.text()).toBe(200);
    const body = await anonymous.json();
    expect(body.values).toEqual({ invoice_number: "INV-77", total: 99.5, paid: true });
    expect(text.slice(body.fields[1].start, body.fields[1].end)).toBe("99.50");

    const auth = bearer((await createUser(request)).token);
    const { results } = await readyBatch(request, auth);
    const stored = await request.post("/api/batch/match-schema", {
      headers: auth,
      data: { document_id: results.documents[0].document_id, schema: { "Invoice Number": "string" } },
    });
    const storedBody = await stored.json();
    expect(storedBody.fields[0]).toMatchObject({
      value: "INV-2041",
      page: 1,
      box: expect.objectContaining({ x: expect.any(Number) }),
    });

    for (const schema of [
      '{"a": "money"}',
      "{broken",
      Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`f${index}`, "string"])),
    ]) {
      expect((await request.post("/api/batch/match-schema", { headers: auth, data: { text, schema } })).status()).toBe(
        422,
      );
    }
    expect(
      (
        await request.post("/api/batch/match-schema", { data: { text: "x".repeat(102_401), schema: { a: "string" } } })
      ).status(),
    ).toBe(413);

    let limited: Awaited<ReturnType<APIRequestContext["post"]>> | undefined;
    for (let attempt = 0; attempt < 12 && !limited; attempt++) {
      const response = await request.post("/api/batch/match-schema", { data: { text, schema: { total: "number" } } });
      if (response.status() === 429) limited = response;
      else expect(response.status()).toBe(200);
    }
    expect(limited, "an anonymous address is limited to 10 calls a minute").toBeDefined();
    expect(Number(limited!.headers()["retry-after"])).toBeGreaterThan(0);
  });
});
