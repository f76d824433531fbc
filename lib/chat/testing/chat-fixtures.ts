import { randomUUID } from "node:crypto";
import { boundingBoxesOf, structuredDataOf } from "@/lib/batches/processing/page-data";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { readDocument } from "@/lib/documents/read-document";

/** A user with a processed batch holding one document read from `pdf` (pages stored as processing stores them). */
export async function storeProcessedDocument(options: { db: Db; userId?: string; pdf: Buffer; fileName?: string }) {
  const { db } = options;
  const userId = options.userId ?? (await db.user.create({ data: { email: `chat-${randomUUID()}@example.com` } })).id;
  const batch = await db.batch.create({ data: { userId, name: "Chat test", status: "completed" } });
  const read = await readDocument({ bytes: options.pdf });
  const document = await db.batchDocument.create({
    data: {
      batchId: batch.id,
      fileName: options.fileName ?? "invoice.pdf",
      contentType: "application/pdf",
      detectedType: "pdf",
      sizeBytes: options.pdf.length,
      storageKey: `batches/${batch.id}/x/original.pdf`,
      status: "completed",
      pagesTotal: read.pages.length,
      pagesDone: read.pages.length,
    },
  });
  for (const page of read.pages) {
    await db.page.create({
      data: {
        documentId: document.id,
        pageNumber: page.pageNumber,
        extractedText: page.text,
        boundingBoxes: boundingBoxesOf(page) as unknown as Prisma.InputJsonObject,
        structuredData: structuredDataOf([page]),
        width: page.width,
        height: page.height,
        source: page.source,
        confidence: page.confidence,
      },
    });
  }
  return { userId, batchId: batch.id, documentId: document.id, pages: read.pages };
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The events of a finished SSE response (heartbeat comments skipped). */
export async function readSse(response: Response): Promise<SseEvent[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.startsWith("event:"))
    .map((block) => {
      const [eventLine, dataLine] = block.split("\n");
      return {
        event: eventLine.slice("event: ".length),
        data: JSON.parse(dataLine.slice("data: ".length)) as Record<string, unknown>,
      };
    });
}
