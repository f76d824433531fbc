import { expect, test, type APIRequestContext } from "../../support/fixtures";
import { hugeTextDocx, paragraphBombDocx, partsOf, withBomb } from "@/lib/documents/testing/make-archive-bombs";
import { makeXlsx } from "@/lib/documents/testing/make-office-files";
import { bearer, createUser } from "../../support/accounts";
import { createV1Account, errorOf } from "../../support/v1";
import { guestHeaders, uploadBatch, type UploadFile } from "../batch-support";

// Probe finding 1: one small DOCX (2,000,000 paragraphs) took the whole server down with a heap
// OOM, without an account. Office files are now measured while they are unpacked and refused (413)
// before any parser builds them; the server stays up for everyone else.

const paragraphRefusal = "The document has more than 50,000 paragraphs; at most 50,000 can be read";

function file(name: string, buffer: Buffer): UploadFile {
  return { name, mimeType: "application/octet-stream", buffer };
}

async function expectHealthy(request: APIRequestContext): Promise<void> {
  const health = await request.get("/v1/health");
  expect(health.status()).toBe(200);
}

test.describe("office decompression bombs", () => {
  const probeDocx = paragraphBombDocx(2_000_000);

  test("the probe's 2,000,000-paragraph DOCX is refused by batch upload, guest upload and /v1/extract", async ({
    request,
  }) => {
    expect(probeDocx.length).toBeLessThan(400_000);
    const user = await createUser(request);
    const signedIn = await uploadBatch(request, { headers: bearer(user.token), files: [file("bomb.docx", probeDocx)] });
    expect(signedIn.status()).toBe(413);
    expect(await signedIn.json()).toEqual({ detail: paragraphRefusal });

    const session = await (await request.get("/api/batch/guest-session", { headers: guestHeaders() })).json();
    const guest = await uploadBatch(request, {
      guestSessionId: session.session_id,
      files: [file("bomb.docx", probeDocx)],
    });
    expect(guest.status()).toBe(413);
    expect((await guest.json()).detail).toBe(paragraphRefusal);

    const account = await createV1Account(request);
    const extract = await request.post("/v1/extract", {
      headers: account.headers,
      multipart: { file: file("bomb.docx", probeDocx) },
    });
    expect(extract.status()).toBe(413);
    expect(await errorOf(extract)).toEqual({ code: "document_too_large", message: paragraphRefusal });

    // Nothing was stored for anyone, and the server answers as before.
    expect((await (await request.get("/api/batch/history", { headers: bearer(user.token) })).json()).total).toBe(0);
    expect(await (await request.get(`/api/batch/guest-limits/${session.session_id}`)).json()).toMatchObject({
      current_files: 0,
      can_upload: true,
    });
    expect((await (await request.get("/v1/jobs", { headers: account.headers })).json()).data).toEqual([]);
    await expectHealthy(request);
  });

  test("several bombs at once leave the server answering", async ({ request }) => {
    const user = await createUser(request);
    const uploads = Array.from({ length: 4 }, () =>
      uploadBatch(request, { headers: bearer(user.token), files: [file("bomb.docx", probeDocx)] }),
    );
    const answers = await Promise.all([...uploads, request.get("/v1/health")]);
    expect(answers.map((answer) => answer.status())).toEqual([413, 413, 413, 413, 200]);
  });

  test("a DOCX with 100 MB of text fails clearly instead of completing with nothing", async ({ request, account }) => {
    const response = await request.post("/v1/extract", {
      headers: account.headers,
      multipart: { file: file("text.docx", hugeTextDocx(100)) },
    });
    expect(response.status()).toBe(413);
    expect(await errorOf(response)).toEqual({
      code: "document_too_large",
      message: "word/document.xml inside the document unpacks to more than 64 MB; at most 64 MB per part can be read",
    });
    await expectHealthy(request);
  });

  test("a zip bomb inside an XLSX is refused as a batch file and as a /v1/fill/excel template", async ({ request }) => {
    const bomb = withBomb(await partsOf(await makeXlsx({ Invoice: [["Total", 10]] })), {
      name: "xl/media/blob.bin",
      megabytes: 40,
      copies: 8,
    });
    const message = "The document unpacks to more than 256 MB; at most 256 MB can be read";
    const user = await createUser(request);
    const upload = await uploadBatch(request, { headers: bearer(user.token), files: [file("book.xlsx", bomb)] });
    expect(upload.status()).toBe(413);
    expect((await upload.json()).detail).toBe(message);

    const account = await createV1Account(request);
    const fill = await request.post("/v1/fill/excel", {
      headers: account.headers,
      multipart: {
        target_excel: file("template.xlsx", bomb),
        fill_mode: "explicit",
        cell_mappings: JSON.stringify({ "Invoice!B1": "x" }),
      },
    });
    expect(fill.status()).toBe(413);
    expect(await errorOf(fill)).toEqual({ code: "document_too_large", message });
    await expectHealthy(request);
  });
});
