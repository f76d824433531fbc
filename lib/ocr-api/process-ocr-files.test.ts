import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { tiffWithoutPixels } from "@/lib/documents/testing/make-hostile-files";
import { renderTextImage } from "@/lib/documents/testing/render-text-image";
import { AppError } from "@/lib/errors/app-error";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { getBlobStore } from "@/lib/storage";
import { processOcrFile } from "./process-ocr-file";
import { processOcrFiles } from "./process-ocr-files";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
});
afterAll(async () => {
  await terminateOcrPool();
  await database?.dispose();
});

async function newUser(label: string) {
  const user = await registerUser({
    db: database.db,
    email: `${label}-${Date.now()}@example.com`,
    password: "a sensible passphrase",
  });
  return { id: user.id, tier: "free" };
}

/**
 * A two-page TIFF whose pixels are missing: the upload's inspection accepts it (a page of a multi-page
 * file that does not decode fails alone when it is read, as a PDF's does), and no page can be read.
 */
function unreadableTiff(): File {
  return new File([new Uint8Array(tiffWithoutPixels(2))], "damaged.tif", { type: "image/tiff" });
}

/** A PNG cut in half: one picture that cannot be decoded, refused at upload. */
async function truncatedPng(): Promise<File> {
  const png = await renderTextImage(["Receipt 7731"], { fontSize: 40 });
  return new File([new Uint8Array(png.subarray(0, Math.floor(png.length / 2)))], "cut.png", { type: "image/png" });
}

async function scan(): Promise<File> {
  return new File([new Uint8Array(await renderTextImage(["Receipt 7731"], { fontSize: 40 }))], "scan.png", {
    type: "image/png",
  });
}

describe("POST /api/ocr/process when no page can be read", () => {
  it("answers 422 with the reason, and keeps the document stored, failed and uncharged", async () => {
    const db = database.db;
    const user = await newUser("unreadable");
    const error = await processOcrFile({ db, store: getBlobStore(), user, file: unreadableTiff() }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "processing_error", status: 422 });
    expect((error as AppError).message).toMatch(
      /^No page of damaged\.tif could be read: [\s\S]+\/retry reads it again\.$/,
    );

    const document = await db.batchDocument.findFirstOrThrow({
      where: { batch: { userId: user.id } },
      include: { batch: true },
    });
    expect(document).toMatchObject({ status: "failed", fileName: "damaged.tif", error: expect.any(String) });
    expect(document.batch.status).toBe("failed");
    expect((error as AppError).message).toContain(document.id);
    expect(await getBlobStore().exists(document.storageKey)).toBe(true);
    expect(await db.usageEvent.count({ where: { userId: user.id } })).toBe(0);
  });

  it("process/batch reports that file as success: false with the same 422, and reads the others", async () => {
    const db = database.db;
    const user = await newUser("batch");
    const answer = await processOcrFiles({
      db,
      store: getBlobStore(),
      user,
      files: [unreadableTiff(), await scan()],
    });
    expect(answer).toMatchObject({ succeeded: 1, failed: 1 });
    expect(answer.results[0]).toMatchObject({
      file_name: "damaged.tif",
      success: false,
      result: null,
      error: { status: 422, detail: expect.stringMatching(/^No page of damaged\.tif could be read/) },
    });
    expect(answer.results[1]).toMatchObject({
      file_name: "scan.png",
      success: true,
      error: null,
      result: { status: "completed" },
    });
    expect(answer.results[1].result?.text).toMatch(/7731/);
  });
});

describe("POST /api/ocr/process with a picture that cannot be decoded", () => {
  it("answers 422 naming the file at upload, before storing, reading or charging anything", async () => {
    const db = database.db;
    const user = await newUser("undecodable");
    const error = await processOcrFile({ db, store: getBlobStore(), user, file: await truncatedPng() }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ code: "corrupt_document", status: 422 });
    expect((error as AppError).message).toBe("cut.png: The image is damaged: its pixels cannot be decoded");
    expect(await db.batch.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.usageEvent.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("POST /api/ocr/process/batch and the pages-per-request limit", () => {
  it("answers 413 for 11 one-page files on Free (10 pages per request), before reading or charging any", async () => {
    const db = database.db;
    const user = await newUser("too-many");
    const one = await scan();
    const files = Array.from({ length: 11 }, (_, index) => new File([one], `scan-${index}.png`, { type: "image/png" }));
    const error = await processOcrFiles({ db, store: getBlobStore(), user, files }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: "too_many_pages", status: 413 });
    expect((error as AppError).message).toBe(
      "The request has 11 pages; the Free tier allows at most 10 pages per request.",
    );
    expect(await db.batch.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.usageEvent.count({ where: { userId: user.id } })).toBe(0);
  });
});
