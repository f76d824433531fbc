import { formatBytes, plural } from "./format";

/** What the browser checks before sending: the limits the server will apply, as far as they are known here. */
export interface BrowserUploadLimits {
  maxFileSizeBytes: number;
  /** Pages of all files of one upload together. */
  maxPages: number;
  /** Files per upload; undefined when any number may be sent. */
  maxFiles?: number;
  /** Bytes of one request, all files together; undefined when only the per-file size counts. */
  maxRequestBytes?: number;
  /** Extensions this server reads (lower case, without the dot). */
  readableExtensions: string[];
  /** Formats it cannot read now, so the reason can name them. */
  unavailableFormats: { name: string; extensions: string[] }[];
  /** Tokens left to spend and what a page costs; undefined for guests, who are not charged. */
  tokens?: { available: number; perPage: number };
}

export interface ChosenFileCheck {
  /** Pages when the browser could count them (PDFs and single images), otherwise undefined. */
  pages?: number;
  /** Why this file would be refused; undefined when it looks fine. */
  problem?: string;
}

const IMAGE_EXTENSIONS = new Set(["png", "jpg", "jpeg", "gif", "bmp", "webp"]);

function extensionOf(name: string): string | undefined {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : undefined;
}

/**
 * The checks the browser can make on one file: empty, too large, a type this server does not read
 * (by its extension; a file without one is left to the server, which reads the type from the bytes),
 * and for a PDF its page count. A PDF the browser cannot open is left to the server too.
 */
export async function checkChosenFile(
  file: File,
  limits: BrowserUploadLimits,
  countPdfPages: (bytes: ArrayBuffer) => Promise<number>,
): Promise<ChosenFileCheck> {
  if (file.size === 0) return { problem: "The file is empty." };
  if (file.size > limits.maxFileSizeBytes)
    return {
      problem: `The file is ${formatBytes(file.size)}; files of up to ${formatBytes(limits.maxFileSizeBytes)} can be uploaded.`,
    };
  const extension = extensionOf(file.name);
  if (extension && !limits.readableExtensions.includes(extension)) {
    const unavailable = limits.unavailableFormats.find((format) => format.extensions.includes(extension));
    return {
      problem: unavailable
        ? `This server cannot read ${unavailable.name} files. Convert it to PDF or DOCX, or ask the administrator to enable LibreOffice.`
        : "This type of file cannot be read. Upload a PDF, an image or an office document.",
    };
  }
  if (extension === "pdf") {
    let pages: number;
    try {
      pages = await countPdfPages(await file.arrayBuffer());
    } catch {
      // pdf-lib is stricter than the server's reader: a PDF it cannot open is the server's to judge.
      return {};
    }
    if (pages > limits.maxPages)
      return { pages, problem: `The PDF has ${pages} pages; an upload may have ${limits.maxPages}.` };
    return { pages };
  }
  return { pages: extension && IMAGE_EXTENSIONS.has(extension) ? 1 : undefined };
}

/** Why the chosen files together would be refused (count, pages, bytes of the request); undefined when they fit. */
export function checkChosenTotals(
  files: { file: File; check?: ChosenFileCheck }[],
  limits: BrowserUploadLimits,
): string | undefined {
  if (limits.maxFiles !== undefined && files.length > limits.maxFiles)
    return `${plural(files.length, "file")} chosen; one upload may have ${plural(limits.maxFiles, "file")}.`;
  const pages = files.reduce((sum, entry) => sum + (entry.check?.pages ?? 0), 0);
  if (pages > limits.maxPages)
    return `These files have at least ${pages} pages together; one upload may have ${limits.maxPages}. Upload them in smaller batches.`;
  if (limits.tokens && pages * limits.tokens.perPage > limits.tokens.available)
    return `These files have at least ${pages} pages, which take ${(pages * limits.tokens.perPage).toLocaleString("en")} tokens; ${limits.tokens.available.toLocaleString("en")} are left this month.`;
  const bytes = files.reduce((sum, entry) => sum + entry.file.size, 0);
  if (limits.maxRequestBytes !== undefined && bytes > limits.maxRequestBytes)
    return `These files are ${formatBytes(bytes)} together; one upload may send ${formatBytes(limits.maxRequestBytes)}. Upload them in smaller batches.`;
  return undefined;
}

/** A PDF's page count with pdf-lib, loaded only when a PDF is chosen. */
export async function countPdfPagesInBrowser(bytes: ArrayBuffer): Promise<number> {
  const { PDFDocument } = await import("pdf-lib");
  const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  return document.getPageCount();
}
