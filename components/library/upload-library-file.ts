import { ApiError, toApiError } from "@/lib/client/api-error";
import { libraryContentTypeFor } from "@/lib/library/library-upload-rules";

export interface SavedLibraryFile {
  id: string;
  kind: "template" | "document";
  file_name: string;
}

/** The file's bytes as base64, without the data: URL prefix FileReader puts before them. */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(new ApiError(0, `${file.name} could not be read from your device.`));
    reader.readAsDataURL(file);
  });
}

/**
 * Saves one file in the library through POST /api/batch/save-generated-file (save_to_library), the route the API
 * documents for it, over XMLHttpRequest so the share sent (0–1) is reported while the body goes out.
 */
export async function uploadLibraryFile(file: File, onProgress: (share: number) => void): Promise<SavedLibraryFile> {
  const content = await readAsBase64(file);
  const body = JSON.stringify({
    action: "save_to_library",
    file_name: file.name,
    content_type: libraryContentTypeFor(file.name),
    content_base64: content,
  });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/batch/save-generated-file");
    xhr.setRequestHeader("content-type", "application/json");
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve((parsed as { file: SavedLibraryFile }).file);
      else reject(toApiError(xhr.status, parsed));
    };
    xhr.onerror = () => reject(new ApiError(0, "The upload was interrupted. Check your connection and try again."));
    xhr.send(body);
  });
}
