import ExcelJS from "exceljs";
import { expect, test } from "@playwright/test";
import { makeInvoiceTemplate } from "../../lib/fill/testing/make-invoice-template";
import { bearer, createApiKey, createUser } from "../support/accounts";
import { waitForJob } from "../support/v1";
import { digitalPdf, waitForBatch } from "./batch-support";

// The library: save-generated-file (save_to_library, send_to_parsing), list, download, delete, and a
// saved template filled by /v1/fill/excel through target_excel_id. Other users' files answer 404.

test.describe("library", () => {
  test("saves, lists, downloads, processes and deletes files; other users get 404", async ({ request }) => {
    const owner = bearer((await createUser(request)).token);
    const stranger = bearer((await createUser(request)).token);
    const pdf = await digitalPdf();
    const saved = await request.post("/api/batch/save-generated-file", {
      headers: owner,
      data: {
        action: "save_to_library",
        file_name: "invoice.pdf",
        content_base64: pdf.buffer.toString("base64"),
        source: "chat",
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const { file } = await saved.json();
    expect(file).toMatchObject({
      kind: "document",
      file_name: "invoice.pdf",
      content_type: "application/pdf",
      source: "chat",
      size_bytes: pdf.buffer.length,
    });
    const csv = await (
      await request.post("/api/batch/save-generated-file", {
        headers: owner,
        data: { action: "save_to_library", file_name: "totals.csv", content: "a,b\n1,2\n" },
      })
    ).json();
    expect(csv.file.kind).toBe("template");

    const listed = await (await request.get("/api/batch/library", { headers: owner })).json();
    expect(listed.total).toBe(2);
    expect(
      (await (await request.get("/api/batch/library?kind=template", { headers: owner })).json()).files.map(
        (entry: { id: string }) => entry.id,
      ),
    ).toEqual([csv.file.id]);
    expect((await (await request.get("/api/batch/library", { headers: stranger })).json()).total).toBe(0);

    const download = await request.get(file.download_url, { headers: owner });
    expect(download.headers()["content-disposition"]).toContain('attachment; filename="invoice.pdf"');
    expect(Buffer.compare(await download.body(), pdf.buffer)).toBe(0);

    for (const response of [
      await request.get(file.download_url, { headers: stranger }),
      await request.delete(`/api/batch/library/${file.id}`, { headers: stranger }),
      await request.post("/api/batch/save-generated-file", {
        headers: stranger,
        data: { action: "send_to_parsing", library_file_id: file.id },
      }),
    ]) {
      expect(response.status(), response.url()).toBe(404);
    }

    const processed = await request.post("/api/batch/save-generated-file", {
      headers: owner,
      data: { action: "send_to_parsing", library_file_id: file.id, batch_name: "From library" },
    });
    expect(processed.status(), await processed.text()).toBe(200);
    const batch = await processed.json();
    expect(batch).toMatchObject({
      action: "send_to_parsing",
      batch_name: "From library",
      processing_started: true,
      documents: [expect.objectContaining({ type: "pdf" })],
    });
    expect((await waitForBatch(request, batch.batch_id, owner)).status).toBe("completed");

    const direct = await request.post("/api/batch/save-generated-file", {
      headers: owner,
      data: { action: "send_to_parsing", file_name: "notes.txt", content: "Invoice Number: INV-5" },
    });
    expect(direct.status(), await direct.text()).toBe(200);

    expect((await request.delete(`/api/batch/library/${file.id}`, { headers: owner })).status()).toBe(200);
    expect((await request.get(file.download_url, { headers: owner })).status()).toBe(404);
    expect(
      (
        await request.post("/api/batch/save-generated-file", {
          headers: owner,
          data: { action: "save_to_library", file_name: "x.txt", content_base64: "%%%" },
        })
      ).status(),
    ).toBe(422);
  });

  test("a library template fills through /v1/fill/excel's target_excel_id; another user's id is 404", async ({
    request,
  }) => {
    const user = await createUser(request);
    const { key } = await createApiKey(request, user.token);
    const saved = await (
      await request.post("/api/batch/save-generated-file", {
        headers: bearer(user.token),
        data: {
          action: "save_to_library",
          file_name: "invoice.xlsx",
          content_base64: (await makeInvoiceTemplate()).toString("base64"),
        },
      })
    ).json();
    expect(saved.file.kind).toBe("template");
    const started = await request.post("/v1/fill/excel", {
      headers: bearer(key),
      multipart: {
        target_excel_id: saved.file.id,
        fill_mode: "explicit",
        cell_mappings: JSON.stringify({ "Notes!B1": "from the library" }),
      },
    });
    expect(started.status(), await started.text()).toBe(202);
    // Polling with a second key keeps the first within its 10 requests a minute.
    const { key: pollKey } = await createApiKey(request, user.token, "poller");
    const job = await waitForJob(request, bearer(pollKey), (await started.json()).id);
    expect(job.status, JSON.stringify(job)).toBe("completed");
    const file = await request.get((job.result as { download_url: string }).download_url, { headers: bearer(key) });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file.body()) as unknown as ArrayBuffer);
    expect(workbook.getWorksheet("Notes")!.getCell("B1").value).toBe("from the library");

    const other = await createUser(request);
    const { key: otherKey } = await createApiKey(request, other.token);
    const denied = await request.post("/v1/fill/excel", {
      headers: bearer(otherKey),
      multipart: { target_excel_id: saved.file.id, fill_mode: "explicit", cell_mappings: '{"A1":1}' },
    });
    expect(denied.status()).toBe(404);
  });
});
