import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { batchPrefix, getBlobStore } from "@/lib/storage";
import { createApiKey } from "@/lib/users/create-api-key";
import { deleteAccount } from "./delete-account";
import { registerUser } from "./register-user";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
});
afterAll(async () => database?.dispose());

describe("deleteAccount", () => {
  it("refuses a wrong password, then removes the user, rows and blobs but nobody else's", async () => {
    const db = database.db;
    const store = getBlobStore();
    const owner = await registerUser({
      db: database.db,
      email: "owner@example.com",
      password: "a sensible passphrase",
    });
    const other = await registerUser({
      db: database.db,
      email: "other@example.com",
      password: "a sensible passphrase",
    });
    const ownBatch = await db.batch.create({ data: { userId: owner.id } });
    const otherBatch = await db.batch.create({ data: { userId: other.id } });
    await store.put(`${batchPrefix(ownBatch.id)}doc/original.pdf`, Buffer.from("%PDF-own"), "application/pdf");
    await store.put(`${batchPrefix(otherBatch.id)}doc/original.pdf`, Buffer.from("%PDF-other"), "application/pdf");
    await createApiKey({ db: database.db, userId: owner.id, name: "k" });

    await expect(deleteAccount({ db, store, userId: owner.id, password: "wrong password" })).rejects.toMatchObject({
      code: "unauthorized",
    });
    expect(await db.user.count({ where: { id: owner.id } })).toBe(1);

    await deleteAccount({ db, store, userId: owner.id, password: "a sensible passphrase" });
    expect(await db.user.count({ where: { id: owner.id } })).toBe(0);
    expect(await db.batch.count({ where: { id: ownBatch.id } })).toBe(0);
    expect(await db.apiKey.count({ where: { userId: owner.id } })).toBe(0);
    expect(await store.exists(`${batchPrefix(ownBatch.id)}doc/original.pdf`)).toBe(false);
    expect(await store.exists(`${batchPrefix(otherBatch.id)}doc/original.pdf`)).toBe(true);
    expect(await db.batch.count({ where: { id: otherBatch.id } })).toBe(1);
  });
});
