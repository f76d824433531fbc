import { expect, test } from "@playwright/test";
import { startFormSite, type FormSite } from "../../lib/web/testing/form-site";
import { bearer, createUser } from "../support/accounts";
import { digitalPdf, guestHeaders, uploadBatch, waitForBatch } from "./batch-support";

// The web operations against the built app, driving its real Chromium at a local site (port 0).
let site: FormSite;
// A fresh site per test: its received posts are that test's alone.
test.beforeEach(async () => {
  site = await startFormSite();
});
test.afterEach(async () => {
  await site.close();
});

function parseEvents(text: string): Array<{ event: string; data: Record<string, unknown> }> {
  return text
    .split("\n\n")
    .map((block) => ({ event: /^event: (.+)$/m.exec(block)?.[1], data: /^data: (.+)$/m.exec(block)?.[1] }))
    .filter((entry): entry is { event: string; data: string } => Boolean(entry.event && entry.data))
    .map((entry) => ({ event: entry.event, data: JSON.parse(entry.data) as Record<string, unknown> }));
}

test.describe("web forms", () => {
  test("one user cannot lock others out: one-off looks close their sessions, kept ones are capped below the pool", async ({
    request,
  }) => {
    const greedy = bearer((await createUser(request)).token);
    const patient = bearer((await createUser(request)).token);
    // One-off previews and scans (no keep_session): each session closes with its answer.
    let oneOff = "";
    for (const path of ["web-preview", "web-scan", "web-preview", "web-scan", "web-preview"]) {
      const look = await request.post(`/api/batch/${path}`, { headers: greedy, data: { url: `${site.origin}/form` } });
      expect(look.status(), await look.text()).toBe(200);
      const body = await look.json();
      expect(body.session_open).toBe(false);
      oneOff = body.session_id as string;
    }
    const gone = await request.post("/api/batch/web-update", {
      headers: greedy,
      data: { session_id: oneOff, fields: [{ field: "Invoice number", value: "X" }] },
    });
    expect(gone.status()).toBe(404);

    // Kept sessions: at the user's share (2 of the pool's 4) the oldest idle one makes way for the next.
    const kept: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const look = await request.post("/api/batch/web-preview", {
        headers: greedy,
        data: { url: `${site.origin}/form`, keep_session: true },
      });
      expect(look.status(), await look.text()).toBe(200);
      kept.push((await look.json()).session_id as string);
    }
    const still = async (sessionId: string) =>
      (await request.post("/api/batch/web-scan", { headers: greedy, data: { session_id: sessionId } })).status();
    expect([await still(kept[0]), await still(kept[1]), await still(kept[3])]).toEqual([404, 404, 200]);

    const other = await request.post("/api/batch/web-preview", {
      headers: patient,
      data: { url: `${site.origin}/form`, keep_session: true },
    });
    expect(other.status(), await other.text()).toBe(200);
    for (const sessionId of [kept[2], kept[3], (await other.json()).session_id as string]) {
      await request.delete(`/api/batch/web-session/${sessionId}`, {
        headers: sessionId === kept[2] || sessionId === kept[3] ? greedy : patient,
      });
    }
  });

  test("preview, scan, update and submit exactly once; sessions belong to their caller", async ({ request }) => {
    const owner = bearer((await createUser(request)).token);
    const other = bearer((await createUser(request)).token);

    const preview = await request.post("/api/batch/web-preview", {
      headers: owner,
      data: { url: `${site.origin}/redirect`, keep_session: true },
    });
    expect(preview.status(), await preview.text()).toBe(200);
    const shown = await preview.json();
    expect(shown).toMatchObject({ url: `${site.origin}/form`, title: "Invoice intake", status: 200 });
    expect(Buffer.from(shown.screenshot, "base64").subarray(1, 4).toString()).toBe("PNG");
    const sessionId = shown.session_id as string;

    const scan = await (
      await request.post("/api/batch/web-scan", { headers: owner, data: { session_id: sessionId } })
    ).json();
    const labels = scan.fields.map((field: { label: string }) => field.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        "Invoice number",
        "Customer name",
        "Country",
        "Payment method",
        "I accept the terms",
        "Attachment",
        "Reference",
        "Shadow code",
      ]),
    );
    expect(scan.submit_buttons).toEqual([expect.objectContaining({ label: "Send invoice" })]);

    expect(
      (await request.post("/api/batch/web-scan", { headers: other, data: { session_id: sessionId } })).status(),
    ).toBe(404);
    expect(
      (await request.post("/api/batch/web-submit", { headers: other, data: { session_id: sessionId } })).status(),
    ).toBe(404);

    const upload = await uploadBatch(request, {
      headers: owner,
      files: [await digitalPdf([["Attachment for the form"]])],
      skipProcessing: true,
    });
    const documentId = (await upload.json()).documents[0].document_id as string;
    const update = await request.post("/api/batch/web-update", {
      headers: owner,
      data: {
        session_id: sessionId,
        fields: [
          { field: "invoice_number", value: "INV-77" },
          { field: "Customer name", value: "Globex" },
          { field: "Country", value: "Germany" },
          { field: "Payment method", value: "Card" },
          { field: "I accept the terms", value: true },
          { field: "Attachment", document_id: documentId },
        ],
      },
    });
    expect(update.status(), await update.text()).toBe(200);
    const updated = await update.json();
    expect(updated.results.map((result: { status: string }) => result.status)).toEqual([
      "typed",
      "typed",
      "selected",
      "selected",
      "checked",
      "attached",
    ]);
    expect(site.posts).toHaveLength(0);

    const submit = await request.post("/api/batch/web-submit", { headers: owner, data: { session_id: sessionId } });
    expect(submit.status(), await submit.text()).toBe(200);
    expect(await submit.json()).toMatchObject({
      url: `${site.origin}/submit`,
      title: "Received",
      status: 200,
      navigated: true,
    });
    expect(site.posts).toHaveLength(1);
    expect(site.posts[0].fields).toMatchObject({
      invoice_number: "INV-77",
      customer: "Globex",
      country: "de",
      payment: "card",
      terms: "yes",
    });
    expect(site.posts[0].files).toEqual([{ field: "attachment", name: "invoice.pdf", size: expect.any(Number) }]);

    const repeat = await request.post("/api/batch/web-submit", { headers: owner, data: { session_id: sessionId } });
    expect(repeat.status()).toBe(409);
    expect(site.posts).toHaveLength(1);

    expect((await request.delete(`/api/batch/web-session/${sessionId}`, { headers: other })).status()).toBe(404);
    expect((await request.delete(`/api/batch/web-session/${sessionId}`, { headers: owner })).status()).toBe(200);
    expect(
      (await request.post("/api/batch/web-scan", { headers: owner, data: { session_id: sessionId } })).status(),
    ).toBe(404);
  });

  test("bad input answers clear errors", async ({ request }) => {
    const owner = bearer((await createUser(request)).token);
    expect((await request.post("/api/batch/web-preview", { headers: owner, data: {} })).status()).toBe(422);
    const notHttp = await request.post("/api/batch/web-preview", {
      headers: owner,
      data: { url: "file:///etc/passwd" },
    });
    expect(notHttp.status()).toBe(400);
    expect((await notHttp.json()).detail).toContain("http");
    const download = await request.post("/api/batch/web-scan", {
      headers: owner,
      data: { url: `${site.origin}/download` },
    });
    expect(download.status()).toBe(400);
  });

  test("without signing in: one session of one's own, filled and submitted once; documents need a sign-in", async ({
    request,
  }) => {
    const user = bearer((await createUser(request)).token);
    // An address of its own: the anonymous allowance is counted per client address.
    const anonymous = guestHeaders();
    const mine = await request.post("/api/batch/web-preview", {
      headers: anonymous,
      data: { url: `${site.origin}/form`, keep_session: true },
    });
    expect(mine.status(), await mine.text()).toBe(200);
    expect(mine.headers()["x-ratelimit-limit"]).toBe("10");
    const sessionId = (await mine.json()).session_id as string;

    const second = await request.post("/api/batch/web-scan", {
      headers: anonymous,
      data: { url: `${site.origin}/form` },
    });
    expect(second.status()).toBe(429);
    expect(second.headers()["retry-after"]).toMatch(/^\d+$/);
    expect((await second.json()).detail).toContain("1 web session at a time");
    expect(
      (await request.post("/api/batch/web-scan", { headers: user, data: { session_id: sessionId } })).status(),
    ).toBe(404);

    const update = await request.post("/api/batch/web-update", {
      headers: anonymous,
      data: {
        session_id: sessionId,
        fields: [
          { field: "Invoice number", value: "ANON-1" },
          { field: "Attachment", document_id: "00000000-0000-4000-8000-000000000000" },
        ],
      },
    });
    expect(update.status(), await update.text()).toBe(200);
    expect((await update.json()).results).toEqual([
      expect.objectContaining({ status: "typed", value: "ANON-1" }),
      expect.objectContaining({ status: "refused", reason: expect.stringContaining("Sign in") }),
    ]);
    const submit = await request.post("/api/batch/web-submit", { headers: anonymous, data: { session_id: sessionId } });
    expect(submit.status(), await submit.text()).toBe(200);
    expect(
      (await request.post("/api/batch/web-submit", { headers: anonymous, data: { session_id: sessionId } })).status(),
    ).toBe(409);
    expect(site.posts.map((post) => post.fields.invoice_number)).toEqual(["ANON-1"]);

    expect(
      (
        await request.post("/api/batch/web-preview", { headers: anonymous, data: { url: "file:///etc/passwd" } })
      ).status(),
    ).toBe(400);
    expect((await request.delete(`/api/batch/web-session/${sessionId}`, { headers: user })).status()).toBe(404);
    expect((await request.delete(`/api/batch/web-session/${sessionId}`, { headers: anonymous })).status()).toBe(200);
    // web-fill and url store documents for their caller, so they stay for signed-in users.
    expect(
      (
        await request.post("/api/batch/web-fill", { headers: anonymous, data: { url: `${site.origin}/form` } })
      ).status(),
    ).toBe(401);
  });

  test("a web page becomes a batch with the page's text and table", async ({ request }) => {
    const owner = bearer((await createUser(request)).token);
    const response = await request.post("/api/batch/url", {
      headers: owner,
      form: { url: `${site.origin}/table`, batch_name: "Prices" },
    });
    expect(response.status(), await response.text()).toBe(200);
    const batch = await response.json();
    expect(batch).toMatchObject({ batch_name: "Prices", total_files: 1, documents: [{ type: "pdf" }] });
    expect(await waitForBatch(request, batch.batch_id, owner)).toMatchObject({ status: "completed" });
    const results = await (await request.get(`/api/batch/results/${batch.batch_id}`, { headers: owner })).json();
    const page = results.documents[0].pages[0];
    expect(page.extracted_text).toContain("Price list 2026");
    expect(page.structured_data.tables.map((table: { rows: string[][] }) => table.rows)).toContainEqual([
      ["Item", "Quantity", "Price"],
      ["Widget", "4", "12.50"],
      ["Gadget", "2", "40.00"],
      ["Doohickey", "7", "3.25"],
    ]);
  });

  test("web-fill fills an invoice's number, customer and total from an uploaded invoice and streams their sources", async ({
    request,
  }) => {
    const owner = bearer((await createUser(request)).token);
    const invoice = await digitalPdf([
      ["ACME SUPPLIES LTD", "Invoice", "Invoice number: INV-2041", "Customer: Acme GmbH", "Total: 1,234.50 EUR"],
    ]);
    const upload = await (await uploadBatch(request, { headers: owner, files: [invoice] })).json();
    await waitForBatch(request, upload.batch_id, owner);

    const response = await request.post("/api/batch/web-fill", {
      headers: owner,
      data: { url: `${site.origin}/form`, batch_id: upload.batch_id },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/event-stream");
    const events = parseEvents(await response.text());
    expect(events[0].event).toBe("navigated");
    const values = Object.fromEntries(
      events.filter((entry) => entry.event === "value").map((entry) => [entry.data.label, entry.data]),
    );
    const documentId = upload.documents[0].document_id;
    expect(values["Invoice number"]).toMatchObject({
      value: "INV-2041",
      source: { kind: "document", document_id: documentId, page: 1 },
    });
    expect(values["Customer name"]).toMatchObject({
      value: "Acme GmbH",
      source: { kind: "document", document_id: documentId },
    });
    expect(values["Total amount"]).toMatchObject({ source: { kind: "document", document_id: documentId } });
    expect(events.filter((entry) => entry.event === "action").length).toBeGreaterThanOrEqual(3);
    const summary = events.at(-1)!;
    expect(summary).toMatchObject({ event: "summary", data: { submitted: false } });
    expect(site.posts.filter((post) => post.fields.invoice_number === "INV-2041")).toHaveLength(0);

    const submit = await request.post("/api/batch/web-submit", {
      headers: owner,
      data: { session_id: summary.data.session_id },
    });
    expect(submit.status()).toBe(200);
    expect(
      site.posts
        .filter((post) => post.fields.invoice_number === "INV-2041")
        .map((post) => [post.fields.customer, post.fields.total]),
    ).toEqual([["Acme GmbH", "1234.5"]]);
  });
});
