import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { bearer, createUser } from "../support/accounts";
import { localTokenEndpoint } from "../support/local-providers";
import { textPdf } from "../support/v1";

// The stand-in Google Drive lives on the local token endpoint's server and opens, for each access
// token it issued, the drive of the identity the token was issued to.

async function connectDrive(request: Parameters<typeof createUser>[0]) {
  const user = await createUser(request);
  const sub = `drive-${randomUUID()}`;
  const code = await localTokenEndpoint.issueCode({ sub, email: `${sub}@example.test` });
  const connected = await request.post("/api/cloud/drive/connect", { headers: bearer(user.token), data: { code } });
  expect(connected.status(), await connected.text()).toBe(200);
  return { user, sub };
}

test("browse the connected drive and import a PDF and a Google Doc as a batch; an unsupported file is refused by name", async ({
  request,
}) => {
  const { user, sub } = await connectDrive(request);
  const invoice = (await textPdf(1)).toString("base64");
  await localTokenEndpoint.putDriveFiles(sub, [
    { id: "folder-invoices", name: "Invoices", mimeType: "application/vnd.google-apps.folder", parents: ["root"] },
    { id: "pdf-1", name: "march.pdf", mimeType: "application/pdf", parents: ["folder-invoices"], content: invoice },
    {
      id: "doc-1",
      name: "Notes",
      mimeType: "application/vnd.google-apps.document",
      parents: ["folder-invoices"],
      content: invoice,
    },
    {
      id: "bin-1",
      name: "setup.exe",
      mimeType: "application/octet-stream",
      parents: ["folder-invoices"],
      content: Buffer.from("MZ not a document").toString("base64"),
    },
  ]);

  const root = await request.get("/api/cloud/drive/files", { headers: bearer(user.token) });
  expect(root.status(), await root.text()).toBe(200);
  expect((await root.json()).files).toEqual([
    expect.objectContaining({ id: "folder-invoices", name: "Invoices", is_folder: true, supported: false }),
  ]);
  const folder = await (
    await request.get("/api/cloud/drive/files?folder_id=folder-invoices", { headers: bearer(user.token) })
  ).json();
  expect(folder.files.map((file: { name: string; supported: boolean }) => [file.name, file.supported])).toEqual([
    ["march.pdf", true],
    ["Notes", true],
    ["setup.exe", false],
  ]);
  expect(folder.files[0].size_bytes).toBeGreaterThan(100);

  const imported = await request.post("/api/cloud/drive/import", {
    headers: bearer(user.token),
    data: { file_ids: ["pdf-1", "bin-1", "doc-1"], batch_name: "From Drive" },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const batch = await imported.json();
  expect(batch.documents.map((document: { file_name: string }) => document.file_name)).toEqual([
    "march.pdf",
    "Notes.pdf",
  ]);
  expect(batch.rejected).toEqual([
    expect.objectContaining({
      file_index: 1,
      code: "unsupported_format",
      message: "setup.exe is not a format docsvc reads.",
    }),
  ]);
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/batch/status/${batch.batch_id}`, { headers: bearer(user.token) })).json())
          .status,
      { timeout: 45_000, intervals: [250, 500, 1000] },
    )
    .toBe("completed");
});

test("without a connected drive, or for another user's connection, the drive answers 404 with what to do", async ({
  request,
}) => {
  const alone = await createUser(request);
  const none = await request.get("/api/cloud/drive/files", { headers: bearer(alone.token) });
  expect(none.status()).toBe(404);
  expect((await none.json()).detail).toBe("Connect a Google Drive first (Settings).");
  const { user } = await connectDrive(request);
  const connections = await (await request.get("/api/cloud/connections", { headers: bearer(user.token) })).json();
  const theirs = await request.get(`/api/cloud/drive/files?connection_id=${connections[0].connection_id}`, {
    headers: bearer(alone.token),
  });
  expect(theirs.status()).toBe(404);
  const missing = await request.post("/api/cloud/drive/import", {
    headers: bearer(user.token),
    data: { file_ids: ["no-such-file"] },
  });
  expect(missing.status()).toBe(404);
  expect((await missing.json()).detail).toBe("That file or folder is not in your Google Drive.");
});
