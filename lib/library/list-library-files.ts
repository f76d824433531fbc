import type { Db } from "@/lib/db";
import type { LibraryFileKind, LibraryFileResponseBody } from "./schemas";
import { toLibraryFileResponse } from "./to-library-file-response";

/** The user's library files, newest first. */
export async function listLibraryFiles(options: {
  db: Db;
  userId: string;
  kind?: LibraryFileKind;
  limit?: number;
  offset?: number;
}): Promise<{ files: LibraryFileResponseBody[]; total: number }> {
  const { db } = options;
  const where = { userId: options.userId, ...(options.kind ? { kind: options.kind } : {}) };
  const [rows, total] = await Promise.all([
    db.libraryFile.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: options.limit ?? 50,
      skip: options.offset ?? 0,
    }),
    db.libraryFile.count({ where }),
  ]);
  return { files: rows.map(toLibraryFileResponse), total };
}
