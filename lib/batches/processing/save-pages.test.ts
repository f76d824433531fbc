import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import type { Page } from "@/lib/pages/types";
import { resolveModel } from "@/lib/models";
import { createLocalBlobStore } from "@/lib/storage";
import { savePages, type SavePagesContext } from "./save-pages";
import { emptyTimings } from "./stage-timings";

let database: TestDatabase;
let folder: string;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = mkdtempSync(path.join(os.tmpdir(), "save-pages-"));
});

afterAll(async () => {
  await database?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

function page(pageNumber: number, text: string): Page {
  return {
    pageNumber,
    text,
    width: 612,
    height: 792,
    unit: "pt",
    words: [{ text, confidence: 1, box: { x: 0.1, y: 0.1, width: 0.3, height: 0.02 } }],
    lines: [],
    blocks: [],
    source: "text_layer",
    confidence: 1,
  };
}

async function newContext(): Promise<SavePagesContext> {
  const batch = await database.db.batch.create({ data: { name: "save pages" } });
  const document = await database.db.batchDocument.create({
    data: { batchId: batch.id, fileName: "a.pdf", contentType: "application/pdf", sizeBytes: 1, storageKey: "k" },
  });
  return {
    db: database.db,
    store: createLocalBlobStore(folder),
    document,
    userId: null,
    model: resolveModel(null, { kind: "ocr" }),
    imagesOnDemand: true,
    timings: emptyTimings(),
  };
}

const stored = (documentId: string) =>
  database.db.page.findMany({ where: { documentId }, orderBy: { pageNumber: "asc" } });

describe("savePages", () => {
  it("inserts new pages, rewrites a page read again and keeps a page a person edited", async () => {
    const context = await newContext();
    const documentId = context.document.id;
    expect(await savePages(context, [page(1, "first"), page(2, "second")])).toEqual({ saved: true, keptEdits: [] });
    await database.db.page.update({
      where: { documentId_pageNumber: { documentId, pageNumber: 2 } },
      data: { extractedText: "corrected by hand", editedAt: new Date() },
    });

    const outcome = await savePages(context, [page(1, "first again"), page(2, "second again"), page(3, "third")]);

    expect(outcome).toEqual({ saved: true, keptEdits: [2] });
    const rows = await stored(documentId);
    expect(rows.map((row) => [row.pageNumber, row.extractedText, row.status])).toEqual([
      [1, "first again", "completed"],
      [2, "corrected by hand", "completed"],
      [3, "third", "completed"],
    ]);
    expect(rows[0].boundingBoxes).toMatchObject({ words: [{ text: "first again" }] });
    expect(rows[1].boundingBoxes).toMatchObject({ words: [{ text: "second" }] });
  });

  it("answers saved: false when the document was deleted meanwhile", async () => {
    const context = await newContext();
    await database.db.batchDocument.delete({ where: { id: context.document.id } });

    expect(await savePages(context, [page(1, "orphan")])).toEqual({ saved: false, keptEdits: [] });
  });
});
