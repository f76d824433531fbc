import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";

// Google Drive API v3 over plain HTTP: files.list for a folder, files.get?alt=media for a file's
// bytes, files.export for Google Docs, Sheets and Slides (which have no bytes of their own).

export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  /** Bytes; absent for Google Docs, Sheets and Slides. */
  size: number | null;
  modifiedTime: string | null;
  isFolder: boolean;
}

export const FOLDER_MIME = "application/vnd.google-apps.folder";

/** What each Google-native type is exported as, and the extension the exported file gets. */
export const GOOGLE_EXPORTS: Record<string, { mimeType: string; extension: string }> = {
  "application/vnd.google-apps.document": { mimeType: "application/pdf", extension: "pdf" },
  "application/vnd.google-apps.spreadsheet": {
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extension: "xlsx",
  },
  "application/vnd.google-apps.presentation": { mimeType: "application/pdf", extension: "pdf" },
  "application/vnd.google-apps.drawing": { mimeType: "application/pdf", extension: "pdf" },
};

const FILE_FIELDS = "id,name,mimeType,size,modifiedTime";

interface RawDriveFile {
  id?: unknown;
  name?: unknown;
  mimeType?: unknown;
  size?: unknown;
  modifiedTime?: unknown;
}

function toDriveFile(raw: RawDriveFile): DriveFile {
  const mimeType = String(raw.mimeType ?? "application/octet-stream");
  return {
    id: String(raw.id),
    name: String(raw.name ?? raw.id),
    mimeType,
    size: raw.size === undefined || raw.size === null ? null : Number(raw.size),
    modifiedTime: typeof raw.modifiedTime === "string" ? raw.modifiedTime : null,
    isFolder: mimeType === FOLDER_MIME,
  };
}

async function driveRequest(accessToken: string, path: string, query: Record<string, string>): Promise<Response> {
  const url = new URL(`/drive/v3/${path}`, getConfig().DRIVE_API_URL);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
  } catch (error) {
    throw new AppError("service_unavailable", "Google Drive could not be reached; try again in a moment.", {
      cause: error,
    });
  }
  if (response.ok) return response;
  const detail = await response.text().catch(() => "");
  if (response.status === 401)
    throw new AppError("conflict", "Google Drive refused the stored access; connect the drive again.");
  if (response.status === 404) throw new AppError("not_found", "That file or folder is not in your Google Drive.");
  throw new AppError(
    "service_unavailable",
    `Google Drive answered ${response.status}${detail ? `: ${detail.slice(0, 200)}` : ""}`,
  );
}

/** One page of a folder's files (folders first, then by name), not trashed. */
export async function listDriveFolder(options: {
  accessToken: string;
  folderId: string;
  pageToken?: string;
}): Promise<{ files: DriveFile[]; nextPageToken: string | null }> {
  if (!/^[A-Za-z0-9_-]+$/.test(options.folderId))
    throw new AppError("validation_error", "A Drive folder id holds letters, digits, - and _ only.");
  const response = await driveRequest(options.accessToken, "files", {
    q: `'${options.folderId}' in parents and trashed = false`,
    fields: `nextPageToken,files(${FILE_FIELDS})`,
    orderBy: "folder,name",
    pageSize: "100",
    ...(options.pageToken ? { pageToken: options.pageToken } : {}),
  });
  const body = (await response.json()) as { files?: RawDriveFile[]; nextPageToken?: string };
  return { files: (body.files ?? []).map(toDriveFile), nextPageToken: body.nextPageToken ?? null };
}

export async function getDriveFile(accessToken: string, fileId: string): Promise<DriveFile> {
  const response = await driveRequest(accessToken, `files/${encodeURIComponent(fileId)}`, { fields: FILE_FIELDS });
  return toDriveFile((await response.json()) as RawDriveFile);
}

/**
 * A file's bytes as a File named as the user knows it; Google-native documents are exported (a Doc
 * as PDF, a Sheet as XLSX). Reading stops past `maxBytes`, so a huge file is refused, not buffered.
 */
export async function downloadDriveFile(options: {
  accessToken: string;
  file: DriveFile;
  maxBytes: number;
}): Promise<File> {
  const { accessToken, file, maxBytes } = options;
  const exported = GOOGLE_EXPORTS[file.mimeType];
  const response = exported
    ? await driveRequest(accessToken, `files/${encodeURIComponent(file.id)}/export`, { mimeType: exported.mimeType })
    : await driveRequest(accessToken, `files/${encodeURIComponent(file.id)}`, { alt: "media" });
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const next = reader ? await reader.read() : { done: true as const, value: undefined };
    if (next.done) break;
    total += next.value.byteLength;
    if (total > maxBytes) {
      await reader?.cancel().catch(() => undefined);
      throw new AppError("file_too_large", `${file.name} is larger than your plan's ${maxBytes} bytes per file.`);
    }
    chunks.push(next.value);
  }
  const name =
    exported && !file.name.toLowerCase().endsWith(`.${exported.extension}`)
      ? `${file.name}.${exported.extension}`
      : file.name;
  return new File(chunks as BlobPart[], name, { type: exported?.mimeType ?? file.mimeType });
}
