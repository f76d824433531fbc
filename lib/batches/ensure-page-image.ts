import type { Db } from "@/lib/db";
import { pdfPageImage } from "@/lib/documents/pdf/pdf-page-image";
import type { BlobStore } from "@/lib/storage";

// Renders of one key in flight in this process: a viewer asking for a page twice waits for one render.
const rendering = new Map<string, Promise<boolean>>();

/**
 * Makes sure a page's image is stored. Text-layer pages of a PDF are read without rendering their
 * picture (reading needs only the text), so the first request for one renders it from the original
 * and stores it under the key the page row already names; later requests find it stored. Returns
 * false when there is no such page image to make (no row names the key, or the original is gone).
 */
export async function ensurePageImage(page: {
  db: Db;
  store: BlobStore;
  documentId: string;
  pageNumber: number;
  imageKey: string;
}): Promise<boolean> {
  const { db, store } = page;
  if (await store.exists(page.imageKey)) return true;
  let render = rendering.get(page.imageKey);
  if (!render) {
    render = renderAndStore(db, store, page).finally(() => rendering.delete(page.imageKey));
    rendering.set(page.imageKey, render);
  }
  return render;
}

async function renderAndStore(
  db: Db,
  store: BlobStore,
  page: { documentId: string; pageNumber: number; imageKey: string },
): Promise<boolean> {
  const row = await db.page.findUnique({
    where: { documentId_pageNumber: { documentId: page.documentId, pageNumber: page.pageNumber } },
    select: { imageKey: true, source: true, document: { select: { storageKey: true, detectedType: true } } },
  });
  if (!row || row.imageKey !== page.imageKey || row.source !== "text_layer" || row.document.detectedType !== "pdf") {
    return false;
  }
  const original = await store.getBuffer(row.document.storageKey);
  if (!original) return false;
  await store.put(page.imageKey, await pdfPageImage(original, page.pageNumber), "image/png");
  return true;
}
