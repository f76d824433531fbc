import { z } from "zod";
import { resolveModel, type ModelVersion } from "@/lib/models";

/**
 * The spec's processing_mode, as a choice of OCR model: normal reads with docsvc-OCR-v1, enhanced
 * with docsvc-OCR-XL-v1 (higher DPI, image clean-up, several passes; twice the tokens per page).
 */
export const PROCESSING_MODES = { normal: "docsvc-OCR-v1", enhanced: "docsvc-OCR-XL-v1" } as const;
export type ProcessingMode = keyof typeof PROCESSING_MODES;

export const ProcessingModeSchema = z
  .enum(["normal", "enhanced"])
  .describe("normal: docsvc-OCR-v1. enhanced: docsvc-OCR-XL-v1 (better on poor scans, twice the tokens per page).");

export function modelForMode(mode: string): ModelVersion {
  return resolveModel(mode === "enhanced" ? PROCESSING_MODES.enhanced : PROCESSING_MODES.normal, { kind: "ocr" });
}
