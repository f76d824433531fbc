import { z } from "zod";
import { DocumentError } from "@/lib/errors/document-error";
import { clampBox, layoutFromWords, type AssembledLayout } from "@/lib/pages/layout";

// Contract of the optional remote OCR service (documented in the README):
//   POST {OCR_SERVICE_URL}/ocr   {"image": base64 PNG, "languages": "eng", "model": "docsvc-OCR-v1-2025-02"}
//   → 200 {"width": px, "height": px, "words": [{"text", "confidence": 0–1, "bbox": [x0, y0, x1, y1] px}]}
//   GET  {OCR_SERVICE_URL}/health → any 2xx when ready.

const RemoteOcrResponse = z.object({
  width: z.number().positive(),
  height: z.number().positive(),
  words: z.array(
    z.object({
      text: z.string(),
      confidence: z.number().min(0).max(1),
      bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    }),
  ),
});

const remoteTimeoutMs = 120_000;

function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

export async function recognizeRemotely(options: {
  baseUrl: string;
  png: Buffer;
  languages: string;
  model: string;
}): Promise<AssembledLayout> {
  let response: Response;
  try {
    response = await fetch(endpoint(options.baseUrl, "/ocr"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        image: options.png.toString("base64"),
        languages: options.languages,
        model: options.model,
      }),
      signal: AbortSignal.timeout(remoteTimeoutMs),
    });
  } catch (error) {
    throw new DocumentError("ocr_failed", `The OCR service at ${options.baseUrl} could not be reached`, {
      cause: error,
    });
  }
  if (!response.ok) {
    throw new DocumentError("ocr_failed", `The OCR service answered ${response.status}`);
  }
  const parsed = RemoteOcrResponse.safeParse(await response.json());
  if (!parsed.success) {
    throw new DocumentError(
      "ocr_failed",
      `The OCR service answered an unexpected body: ${parsed.error.issues[0]?.message}`,
    );
  }
  const { width, height, words } = parsed.data;
  return layoutFromWords(
    words
      .filter((word) => word.text.trim() !== "")
      .map((word) => ({
        text: word.text.trim(),
        confidence: word.confidence,
        box: clampBox({
          x: word.bbox[0] / width,
          y: word.bbox[1] / height,
          width: (word.bbox[2] - word.bbox[0]) / width,
          height: (word.bbox[3] - word.bbox[1]) / height,
        }),
      })),
  );
}

export async function pingRemoteOcr(baseUrl: string): Promise<void> {
  const response = await fetch(endpoint(baseUrl, "/health"), { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`OCR service health answered ${response.status}`);
}
