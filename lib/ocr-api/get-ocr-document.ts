import type { z } from "zod";
import { getOwnedDocumentOrThrow } from "@/lib/batches/get-batch-or-throw";
import { signImageToken } from "@/lib/batches/image-token";
import { toPageResponse } from "@/lib/batches/to-page-response";
import type { Db } from "@/lib/db";
import type { ConvertedOutput } from "@/lib/export/convert/convert-schemas";
import type { OcrDocumentDetail } from "./schemas";
import { toOcrDocument } from "./to-ocr-document";

/** One of the user's batch documents with all its pages, text and structure; 404 otherwise. */
export async function getOcrDocument(options: {
  db: Db;
  userId: string;
  documentId: string;
}): Promise<z.infer<typeof OcrDocumentDetail>> {
  const { db, userId, documentId } = options;
  const document = await getOwnedDocumentOrThrow({ db, owner: { userId }, documentId });
  const pages = await db.page.findMany({ where: { documentId: document.id }, orderBy: { pageNumber: "asc" } });
  const imageToken = await signImageToken({ db, batchId: document.batchId });
  return {
    ...toOcrDocument(document),
    text: pages.map((page) => page.extractedText).join("\n\n"),
    structured_data:
      ((document.metadata as Record<string, unknown>).structured_data as Record<string, unknown> | undefined) ?? {},
    conversions:
      ((document.metadata as Record<string, unknown>).conversions as
        Record<string, z.infer<typeof ConvertedOutput>> | undefined) ?? {},
    pages: pages.map((page) => toPageResponse(page, imageToken)),
  };
}
