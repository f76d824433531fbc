import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./testing";

// The Prisma client through the PGlite adapter: the queries the services rely on.
describe("Prisma client on PGlite", () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase({ kind: "pglite" });
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it("creates nested records and reads them back with include, _count and JSON", async () => {
    const { db } = testDb;
    const user = await db.user.create({
      data: {
        email: "nested@example.com",
        passwordHash: "hash",
        batches: {
          create: {
            name: "First",
            documents: {
              create: {
                fileName: "a.pdf",
                contentType: "application/pdf",
                sizeBytes: 10,
                storageKey: "k",
                metadata: { conversions: { csv: "a,b" }, tags: ["x"] },
                pages: {
                  create: [
                    { pageNumber: 1, boundingBoxes: { words: [{ text: "hi", box: [0, 0, 1, 1] }] } },
                    { pageNumber: 2 },
                  ],
                },
              },
            },
          },
        },
      },
    });
    const batch = await db.batch.findFirstOrThrow({
      where: { userId: user.id },
      include: {
        documents: { include: { pages: { orderBy: { pageNumber: "asc" } } } },
        _count: { select: { documents: true } },
      },
    });
    expect(batch._count.documents).toBe(1);
    expect(batch.documents[0].metadata).toEqual({ conversions: { csv: "a,b" }, tags: ["x"] });
    expect(batch.documents[0].pages.map((page) => page.pageNumber)).toEqual([1, 2]);
    expect(batch.documents[0].pages[0].boundingBoxes).toEqual({ words: [{ text: "hi", box: [0, 0, 1, 1] }] });
  });

  it("omits passwordHash unless asked for", async () => {
    const { db } = testDb;
    const user = await db.user.findUniqueOrThrow({ where: { email: "nested@example.com" } });
    expect("passwordHash" in user).toBe(false);
    const withHash = await db.user.findUniqueOrThrow({
      where: { email: "nested@example.com" },
      omit: { passwordHash: false },
    });
    expect(withHash.passwordHash).toBe("hash");
  });

  it("commits an interactive transaction and rolls one back when it throws", async () => {
    const { db } = testDb;
    await db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email: "tx@example.com" } });
      await tx.apiKey.create({
        data: { userId: user.id, name: "k", prefix: "sd_ab", lastFour: "wxyz", keyHash: "h1" },
      });
    });
    expect(await db.apiKey.count({ where: { keyHash: "h1" } })).toBe(1);

    await expect(
      db.$transaction(async (tx) => {
        await tx.user.create({ data: { email: "rolled-back@example.com" } });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await db.user.count({ where: { email: "rolled-back@example.com" } })).toBe(0);
  });

  it("serves many concurrent queries alongside interactive transactions without interleaving", async () => {
    const { db } = testDb;
    const user = await db.user.create({ data: { email: "counter@example.com" } });
    // Each transaction reads then writes the counter; interleaving on the single connection would
    // lose increments or leak one transaction's writes into another.
    const increment = () =>
      db.$transaction(async (tx) => {
        const current = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { tokenVersion: true } });
        await new Promise((resolve) => setTimeout(resolve, 5));
        await tx.user.update({ where: { id: user.id }, data: { tokenVersion: current.tokenVersion + 1 } });
      });
    const reads = Array.from({ length: 60 }, (_, i) =>
      i % 2 === 0 ? db.user.count() : db.batch.findMany({ include: { documents: true } }),
    );
    const writes = Array.from({ length: 40 }, (_, i) =>
      db.emailOutbox.create({ data: { to: `r${i}@example.com`, subject: "s", text: "t" } }),
    );
    const transactions = Array.from({ length: 8 }, increment);
    await Promise.all([...reads, ...writes, ...transactions]);
    const final = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { tokenVersion: true } });
    expect(final.tokenVersion).toBe(8);
    expect(await db.emailOutbox.count()).toBe(40);
  });

  it("maps a unique violation to Prisma's P2002", async () => {
    const { db } = testDb;
    await expect(db.user.create({ data: { email: "nested@example.com" } })).rejects.toMatchObject({ code: "P2002" });
  });
});
