import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { queueDocuments } from "@/lib/batches/queue-documents";
import { toBatchUploadResponse, type BatchUploadResponseBody } from "@/lib/batches/to-batch-upload-response";
import { uploadBatch } from "@/lib/batches/upload-batch";
import { batchPrefix, documentPrefix, type BlobStore } from "@/lib/storage";
import { withWebSession } from "./acquire-web-session";
import { captureWebPage } from "./capture-web-page";
import type { ResolveHost } from "./outbound-proxy";
import { userWebShare } from "./web-caller";

export interface UploadWebPageInput {
  userId: string;
  tier?: string;
  url: string;
  batchName?: string;
  resolveHost?: ResolveHost;
}

/** A file name from the page title: letters, digits and dashes, never empty. */
function pdfName(title: string, url: string): string {
  const base = (title || new URL(url).hostname)
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 80);
  return `${base || "web-page"}.pdf`;
}

/**
 * Renders a page in its own short-lived web session, stores the browser's PDF as a batch document
 * (with the upload limits and token check of any upload), keeps the HTML and a full-page screenshot
 * beside it, and starts processing it like an uploaded PDF.
 */
export async function uploadWebPage(
  input: UploadWebPageInput & { db: Db; store: BlobStore },
): Promise<BatchUploadResponseBody> {
  const { db, store } = input;
  // One-shot: the session closes as soon as the page is captured, and counts against the user's share meanwhile.
  const { capture, navigation } = await withWebSession(
    { ownerId: input.userId, share: userWebShare(), url: input.url, resolveHost: input.resolveHost },
    async (session, navigation) => ({ capture: await captureWebPage(session), navigation }),
  );
  const file = new File([new Uint8Array(capture.pdf)], pdfName(capture.title, capture.url), {
    type: "application/pdf",
  });
  const upload = await uploadBatch({
    db,
    store,
    owner: { userId: input.userId },
    tier: input.tier,
    files: [file],
    batchName: input.batchName ?? capture.title,
    skipProcessing: true,
  });
  const documentId = upload.documents[0].document_id;
  try {
    const prefix = documentPrefix(upload.batch_id, documentId);
    await store.put(`${prefix}page.html`, Buffer.from(capture.html, "utf8"), "text/html; charset=utf-8");
    await store.put(`${prefix}screenshot.png`, capture.screenshot, "image/png");
    const web: Prisma.InputJsonObject = {
      requested_url: input.url,
      url: capture.url,
      title: capture.title,
      status: navigation?.status ?? null,
      html_key: `${prefix}page.html`,
      screenshot_key: `${prefix}screenshot.png`,
      blocked_requests: (navigation?.blocked ?? []).map((refusal) => ({
        target: refusal.target,
        reason: refusal.reason,
      })),
    };
    await db.batchDocument.update({ where: { id: documentId }, data: { metadata: { web } } });
  } catch (error) {
    await db.batch.delete({ where: { id: upload.batch_id } });
    await store.deletePrefix(batchPrefix(upload.batch_id));
    throw error;
  }
  await queueDocuments({ db, batchId: upload.batch_id, where: { status: "uploaded" } });
  const batch = await db.batch.findUniqueOrThrow({
    where: { id: upload.batch_id },
    include: { documents: { orderBy: { createdAt: "asc" } } },
  });
  return toBatchUploadResponse(batch);
}
