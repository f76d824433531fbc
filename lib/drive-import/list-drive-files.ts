import type { Db } from "@/lib/db";
import { formatByExtension } from "@/lib/documents/formats";
import { getFreshAccessToken } from "@/lib/cloud/get-fresh-access-token";
import { GOOGLE_EXPORTS, listDriveFolder, type DriveFile } from "./drive-api";
import { getDriveConnection } from "./get-drive-connection";

export interface DriveListing {
  folder_id: string;
  files: Array<{
    id: string;
    name: string;
    mime_type: string;
    size_bytes: number | null;
    modified_at: string | null;
    is_folder: boolean;
    /** Whether docsvc reads this file (Google Docs, Sheets and Slides are exported first). */
    supported: boolean;
  }>;
  next_page_token: string | null;
}

export function isSupportedDriveFile(file: DriveFile): boolean {
  return !file.isFolder && (file.mimeType in GOOGLE_EXPORTS || formatByExtension(file.name) !== undefined);
}

/** A folder of the user's connected drive ("root" by default), one page at a time. */
export async function listDriveFiles(options: {
  db: Db;
  userId: string;
  connectionId?: string;
  folderId?: string;
  pageToken?: string;
}): Promise<DriveListing> {
  const connection = await getDriveConnection(options);
  const accessToken = await getFreshAccessToken({ db: options.db, connectionId: connection.id });
  const folderId = options.folderId ?? "root";
  const page = await listDriveFolder({ accessToken, folderId, pageToken: options.pageToken });
  return {
    folder_id: folderId,
    files: page.files.map((file) => ({
      id: file.id,
      name: file.name,
      mime_type: file.mimeType,
      size_bytes: file.size,
      modified_at: file.modifiedTime,
      is_folder: file.isFolder,
      supported: isSupportedDriveFile(file),
    })),
    next_page_token: page.nextPageToken,
  };
}
