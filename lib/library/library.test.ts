import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { getBlobStore } from "@/lib/storage";
import { deleteLibraryFile } from "./delete-library-file";
import { downloadLibraryFile } from "./download-library-file";
import { listLibraryFiles } from "./list-library-files";
import { readLibraryFile } from "./read-library-file";
import { saveGeneratedFile } from "./save-generated-file";
import { saveLibraryFile } from "./save-library-file";
import { sendFile } from "@/lib/http/send-file";
// The service's file as its route sends it.
const downloadResponse = async (...args: Parameters<typeof downloadLibraryFile>) =>
  sendFile(await downloadLibraryFile(...args));
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
});
afterAll(async () => database?.dispose());

async function newUserId(label: string): Promise<string> {
  return (
    await registerUser({
      db: database.db,
      email: `${label}-${Date.now()}@example.com`,
      password: "a sensible passphrase",
    })
  ).id;
}

describe("library", () => {
  it("saves, lists, downloads and deletes a user's files, and hides them from everyone else", async () => {
    const db = database.db;
    const store = getBlobStore();
    const owner = await newUserId("owner");
    const stranger = await newUserId("stranger");

    const csv = await saveLibraryFile({
      db,
      store,
      userId: owner,
      fileName: "totals.csv",
      contentType: "text/csv",
      bytes: Buffer.from("a,b\n1,2\n"),
    });
    const report = await saveLibraryFile({
      db,
      store,
      userId: owner,
      fileName: "../Bericht – März.pdf",
      contentType: "application/pdf",
      bytes: Buffer.from("%PDF-1.7 test"),
      source: "chat",
    });
    expect(csv).toMatchObject({ kind: "template", file_name: "totals.csv", size_bytes: 8, source: "upload" });
    expect(report).toMatchObject({ kind: "document", file_name: "Bericht – März.pdf", source: "chat" });

    const listed = await listLibraryFiles({ db, userId: owner });
    expect(listed.total).toBe(2);
    expect(listed.files.map((file) => file.id).sort()).toEqual([csv.id, report.id].sort());
    expect((await listLibraryFiles({ db, userId: owner, kind: "template" })).files.map((file) => file.id)).toEqual([
      csv.id,
    ]);
    expect((await listLibraryFiles({ db, userId: stranger })).total).toBe(0);

    const download = await downloadResponse({ db, store, userId: owner, fileId: report.id });
    expect(download.headers.get("content-disposition")).toContain(
      "filename*=UTF-8''Bericht%20%E2%80%93%20M%C3%A4rz.pdf",
    );
    expect(await download.text()).toBe("%PDF-1.7 test");

    for (const attempt of [
      () => downloadResponse({ db, store, userId: stranger, fileId: report.id }),
      () => deleteLibraryFile({ db, store, userId: stranger, fileId: report.id }),
      () => readLibraryFile({ db, store, userId: stranger, fileId: report.id }),
      () => downloadResponse({ db, store, userId: owner, fileId: "not-a-uuid" }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: "not_found" });
    }

    const storageKey = (await db.libraryFile.findUniqueOrThrow({ where: { id: report.id } })).storageKey;
    await deleteLibraryFile({ db, store, userId: owner, fileId: report.id });
    expect(await store.exists(storageKey)).toBe(false);
    expect((await listLibraryFiles({ db, userId: owner })).files.map((file) => file.id)).toEqual([csv.id]);
  });

  it("save-generated-file decodes base64 or text, refuses empty or malformed content", async () => {
    const db = database.db;
    const store = getBlobStore();
    const userId = await newUserId("generated");
    const saved = await saveGeneratedFile({
      db,
      store,
      userId,
      tier: "free",
      request: { action: "save_to_library", file_name: "notes.md", content: "# Café ☕\n" },
    });
    expect(saved).toMatchObject({
      action: "save_to_library",
      file: { kind: "document", content_type: "text/markdown" },
    });
    const id = saved.action === "save_to_library" ? saved.file.id : "";
    expect((await readLibraryFile({ db, store, userId, fileId: id })).bytes.toString("utf8")).toBe("# Café ☕\n");

    const base64 = await saveGeneratedFile({
      db,
      store,
      userId,
      tier: "free",
      request: {
        action: "save_to_library",
        file_name: "sheet.xlsx",
        content_base64: Buffer.from("PK fake").toString("base64"),
      },
    });
    expect(base64).toMatchObject({ file: { kind: "template" } });

    await expect(
      saveGeneratedFile({
        db,
        store,
        userId,
        tier: "free",
        request: { action: "save_to_library", file_name: "x.txt", content: "" },
      }),
    ).rejects.toMatchObject({ code: "empty_document" });
    await expect(
      saveGeneratedFile({
        db,
        store,
        userId,
        tier: "free",
        request: { action: "save_to_library", file_name: "x.txt", content_base64: "%%%" },
      }),
    ).rejects.toMatchObject({ code: "validation_error" });
    await expect(
      saveGeneratedFile({
        db,
        store,
        userId,
        tier: "free",
        request: { action: "save_to_library", file_name: "x.txt" },
      }),
    ).rejects.toMatchObject({ code: "validation_error" });
  });
});
