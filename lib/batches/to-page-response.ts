import type { z } from "zod";
import type { Page } from "@/lib/db/generated/client";
import type { PageResponse } from "./schemas";

export type PageResponseBody = z.infer<typeof PageResponse>;

/** A page row as the API shows it; imageToken makes image_url loadable in an <img> tag. */
export function toPageResponse(page: Page, imageToken?: string): PageResponseBody {
  return {
    page_number: page.pageNumber,
    status: page.status === "failed" ? "failed" : "completed",
    extracted_text: page.extractedText,
    bounding_boxes: page.boundingBoxes as Record<string, unknown>,
    structured_data: page.structuredData as Record<string, unknown>,
    image_url: page.imageKey
      ? `/api/batch/image/${page.imageKey}${imageToken ? `?token=${encodeURIComponent(imageToken)}` : ""}`
      : null,
    width: page.width,
    height: page.height,
    source: page.source,
    confidence: page.confidence,
    error: page.error,
    edited: page.editedAt !== null,
    edited_at: page.editedAt?.toISOString() ?? null,
  };
}
