import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { getBlobStore } from "@/lib/storage";
import { getBatchStatus } from "./get-batch-status";
import { listBatchHistory } from "./list-batch-history";
import { renameBatch } from "./rename-batch";
import { sampleBatchFiles } from "./testing/sample-files";
import { uploadBatch } from "./upload-batch";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
});
afterAll(async () => {
  await database?.dispose();
});

async function newOwner(label: string) {
  const user = await registerUser({
    db: database.db,
    email: `${label}-${Date.now()}@example.com`,
    password: "a sensible passphrase",
  });
  return { userId: user.id };
}

describe("batch housekeeping", () => {
  it("renames a batch, clears a blank name, and answers 404 for another owner's batch", async () => {
    const db = database.db;
    const owner = await newOwner("rename");
    const [pdf] = await sampleBatchFiles();
    const upload = await uploadBatch({
      db,
      store: getBlobStore(),
      owner,
      files: [pdf],
      batchName: "Old",
      skipProcessing: true,
    });

    expect(await renameBatch({ db, owner, batchId: upload.batch_id, batchName: "  March invoices " })).toEqual({
      batch_id: upload.batch_id,
      batch_name: "March invoices",
      message: "Renamed the batch to “March invoices”.",
    });
    expect((await getBatchStatus({ db, owner, batchId: upload.batch_id })).batch_name).toBe("March invoices");
    expect((await renameBatch({ db, owner, batchId: upload.batch_id, batchName: "  " })).batch_name).toBeNull();

    const stranger = await newOwner("stranger");
    await expect(
      renameBatch({ db, owner: stranger, batchId: upload.batch_id, batchName: "Mine" }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("filters the history by name or file name, status and day", async () => {
    const db = database.db;
    const owner = await newOwner("filters");
    const [pdf, png] = await sampleBatchFiles();
    const store = getBlobStore();
    const invoices = await uploadBatch({ db, store, owner, files: [pdf], batchName: "Invoices", skipProcessing: true });
    const receipts = await uploadBatch({ db, store, owner, files: [png], batchName: "Receipts", skipProcessing: true });
    await db.batch.update({ where: { id: receipts.batch_id }, data: { createdAt: new Date("2025-01-15T12:00:00Z") } });
    await db.batch.update({ where: { id: invoices.batch_id }, data: { status: "completed" } });
    const ids = async (filters: Parameters<typeof listBatchHistory>[0]["query"]) =>
      (await listBatchHistory({ db, owner, query: filters })).batches.map((batch) => batch.batch_name);
    const page = { limit: 50, offset: 0 };

    expect(await ids({ ...page, q: "invoi" })).toEqual(["Invoices"]);
    expect(await ids({ ...page, q: "SCAN.PNG" })).toEqual(["Receipts"]);
    expect(await ids({ ...page, status: "completed" })).toEqual(["Invoices"]);
    expect(await ids({ ...page, created_from: "2025-01-15", created_to: "2025-01-15" })).toEqual(["Receipts"]);
    expect(await ids({ ...page, created_to: "2025-01-14" })).toEqual([]);
    const filtered = await listBatchHistory({ db, owner, query: { ...page, q: "nothing like it" } });
    expect(filtered).toMatchObject({ total: 0, batches: [] });
  });
});
