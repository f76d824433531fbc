import { getBatchOrThrow, isUuid } from "@/lib/batches/get-batch-or-throw";
import { pageFromRow } from "@/lib/batches/processing/page-data";
import type { Db } from "@/lib/db";
import type { Box } from "@/lib/pages/types";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import type { ChatDocument, StoredPair, StoredTable } from "./chat-document";

export interface ChatScope {
  batchId?: string;
  documentIds?: string[];
}

/** Pages a whole-library chat reads at most, so one question cannot load an unbounded library. */
export const maxScopePages = 5000;

interface RawStructure {
  key_value_pairs?: Array<{
    key: string;
    value: string;
    page?: number;
    key_box?: Box;
    value_box?: Box;
    confidence?: number;
  }>;
  tables?: Array<{ page?: number; rows: string[][]; box?: Box }>;
}

function structureOf(raw: Prisma.JsonValue, pageNumber: number): { pairs: StoredPair[]; tables: StoredTable[] } {
  const structure = (raw ?? {}) as RawStructure;
  const pairs = (structure.key_value_pairs ?? []).map((pair) => ({
    key: pair.key,
    value: pair.value,
    page: pair.page ?? pageNumber,
    keyBox: pair.key_box,
    valueBox: pair.value_box,
    confidence: pair.confidence ?? 0,
  }));
  const tables = (structure.tables ?? []).map((table) => ({
    page: table.page ?? pageNumber,
    rows: table.rows,
    box: table.box,
  }));
  return { pairs, tables };
}

/**
 * The caller's documents a chat may read: a batch's documents, the named documents, or the whole
 * library, with their processed pages. Another user's batch or document answers 404, like every
 * other lookup; a scope with no readable pages is a 400 that says why.
 */
export async function loadChatScope(options: { db: Db; userId: string; scope: ChatScope }): Promise<ChatDocument[]> {
  const { db, userId, scope } = options;
  if (scope.batchId !== undefined) await getBatchOrThrow({ db, owner: { userId }, batchId: scope.batchId });
  const ids = scope.documentIds;
  if (ids) {
    const bad = ids.find((id) => !isUuid(id));
    if (bad !== undefined) throw new AppError("not_found", `Document ${bad} not found`);
  }
  const documents = await db.batchDocument.findMany({
    where: {
      batch: { userId },
      ...(scope.batchId !== undefined ? { batchId: scope.batchId } : {}),
      ...(ids ? { id: { in: ids } } : {}),
    },
    orderBy: { createdAt: "asc" },
    select: { id: true, batchId: true, fileName: true },
  });
  if (ids) {
    const missing = ids.find((id) => !documents.some((document) => document.id === id));
    if (missing !== undefined)
      throw new AppError(
        "not_found",
        `Document ${missing} not found${scope.batchId ? ` in batch ${scope.batchId}` : ""}`,
      );
  }
  const rows = await db.page.findMany({
    where: { documentId: { in: documents.map((document) => document.id) }, status: "completed" },
    orderBy: [{ documentId: "asc" }, { pageNumber: "asc" }],
    take: maxScopePages,
  });
  const loaded = documents
    .map((document) => {
      const own = rows.filter((row) => row.documentId === document.id);
      const structures = own.map((row) => structureOf(row.structuredData, row.pageNumber));
      return {
        id: document.id,
        batchId: document.batchId,
        name: document.fileName,
        pages: own.map(pageFromRow),
        pairs: structures.flatMap((structure) => structure.pairs),
        tables: structures.flatMap((structure) => structure.tables),
      };
    })
    .filter((document) => document.pages.some((page) => page.words.length > 0));
  if (loaded.length === 0) {
    const where = scope.batchId ? "this batch" : ids ? "the named documents" : "your library";
    throw new AppError(
      "bad_request",
      `There is nothing to chat about: ${where} has no processed document with text yet. Upload documents or wait until processing finishes.`,
    );
  }
  return loaded;
}
