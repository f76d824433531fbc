import { toApiError } from "@/lib/client/api-error";

/** The file name in a Content-Disposition header (the UTF-8 form when present). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  const encoded = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return header?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/** Hands bytes to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or the download can be cancelled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POSTs JSON and downloads the file the server answers; a non-2xx answer throws its message. */
export async function postForDownload(
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<{ fileName: string; missingPages: string | null }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    throw toApiError(response.status, parsed);
  }
  const fileName = fileNameFromDisposition(response.headers.get("content-disposition"), fallbackName);
  saveBlob(await response.blob(), fileName);
  const missing = response.headers.get("x-export-missing-pages");
  return { fileName, missingPages: missing ? decodeURIComponent(missing) : null };
}
