import type { LibraryFile } from "@/lib/db/generated/client";
import type { LibraryFileKind, LibraryFileResponseBody } from "./schemas";

export function toLibraryFileResponse(file: LibraryFile): LibraryFileResponseBody {
  const metadata = (file.metadata ?? {}) as { source?: unknown; description?: unknown };
  return {
    id: file.id,
    kind: file.kind as LibraryFileKind,
    file_name: file.fileName,
    content_type: file.contentType,
    size_bytes: file.sizeBytes,
    source: typeof metadata.source === "string" ? metadata.source : "upload",
    description: typeof metadata.description === "string" ? metadata.description : null,
    created_at: file.createdAt.toISOString(),
    download_url: `/api/batch/library/${file.id}/download`,
  };
}
