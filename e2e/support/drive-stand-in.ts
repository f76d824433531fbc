import type { IncomingMessage, ServerResponse } from "node:http";

// Google Drive API v3 as far as docsvc uses it (files.list by parent, files.get for metadata and
// alt=media, files.export), over the same HTTP protocol, for the local token endpoint's server. Each
// access token the token endpoint issues opens the drive of the identity it was issued to.

export interface StandInDriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  modifiedTime?: string;
  /** Base64 bytes: the file itself, or for a Google Doc or Sheet what it exports as. */
  content?: string;
}

const FOLDER = "application/vnd.google-apps.folder";
const EXPORTABLE: Record<string, string[]> = {
  "application/vnd.google-apps.document": ["application/pdf"],
  "application/vnd.google-apps.spreadsheet": ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
};

export class DriveStandIn {
  private readonly drives = new Map<string, StandInDriveFile[]>();
  private readonly owners = new Map<string, string>();

  /** Called by the token endpoint for every access token it issues. */
  grant(accessToken: string, sub: string): void {
    this.owners.set(accessToken, sub);
  }

  put(sub: string, files: StandInDriveFile[]): void {
    const drive = this.drives.get(sub) ?? [];
    this.drives.set(sub, [...drive.filter((file) => !files.some((added) => added.id === file.id)), ...files]);
  }

  /** Answers a /drive/v3/ request; false when the path is not Drive's. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    if (!url.pathname.startsWith("/drive/v3/")) return false;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, reason: string, message: string) =>
      json(status, { error: { code: status, message, errors: [{ reason, message }] } });
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const sub = token ? this.owners.get(token) : undefined;
    if (!sub) {
      error(401, "authError", "Invalid Credentials");
      return true;
    }
    const drive = this.drives.get(sub) ?? [];
    const metadata = (file: StandInDriveFile) => ({
      kind: "drive#file",
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      modifiedTime: file.modifiedTime ?? "2026-01-05T10:00:00.000Z",
      ...(file.content !== undefined && !file.mimeType.startsWith("application/vnd.google-apps.")
        ? { size: String(Buffer.from(file.content, "base64").length) }
        : {}),
    });

    if (url.pathname === "/drive/v3/files") {
      const parent = /^'([^']+)' in parents and trashed = false$/.exec(url.searchParams.get("q") ?? "")?.[1];
      if (!parent) {
        error(400, "invalidQuery", "Invalid Value");
        return true;
      }
      const listed = drive
        .filter((file) => file.parents.includes(parent))
        .sort((a, b) => Number(b.mimeType === FOLDER) - Number(a.mimeType === FOLDER) || a.name.localeCompare(b.name));
      const size = Number(url.searchParams.get("pageSize") ?? 100);
      const offset = Number(url.searchParams.get("pageToken") ?? 0);
      const page = listed.slice(offset, offset + size);
      json(200, {
        kind: "drive#fileList",
        files: page.map(metadata),
        ...(offset + size < listed.length ? { nextPageToken: String(offset + size) } : {}),
      });
      return true;
    }
    const match = /^\/drive\/v3\/files\/([^/]+)(\/export)?$/.exec(url.pathname);
    const file = match ? drive.find((candidate) => candidate.id === decodeURIComponent(match[1])) : undefined;
    if (!match || !file) {
      error(404, "notFound", `File not found: ${match?.[1] ?? ""}.`);
      return true;
    }
    const bytes = Buffer.from(file.content ?? "", "base64");
    if (match[2]) {
      const wanted = url.searchParams.get("mimeType") ?? "";
      if (!EXPORTABLE[file.mimeType]?.includes(wanted)) {
        error(400, "badRequest", "Export only supports Docs Editors files.");
        return true;
      }
      res.writeHead(200, { "content-type": wanted, "content-length": bytes.length });
      res.end(bytes);
      return true;
    }
    if (url.searchParams.get("alt") === "media") {
      if (file.mimeType.startsWith("application/vnd.google-apps.")) {
        error(
          403,
          "fileNotDownloadable",
          "Only files with binary content can be downloaded. Use Export with Docs Editors files.",
        );
        return true;
      }
      res.writeHead(200, { "content-type": file.mimeType, "content-length": bytes.length });
      res.end(bytes);
      return true;
    }
    json(200, metadata(file));
    return true;
  }
}
