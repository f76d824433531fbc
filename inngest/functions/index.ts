import type { AnyFunctionDefinition } from "@/lib/background/define-function";
import { cleanupBackgroundRuns } from "./cleanup-background-runs";
import { deleteExpiredGuestSessionsFunction } from "./delete-expired-guest-sessions";
import { deliverWebhook } from "./deliver-webhook";
import { expireJobOutputs } from "./expire-job-outputs";
import { runExtractJob } from "./run-extract-job";
import { runFillExcelJobFunction } from "./run-fill-excel-job";
import { runFillPdfJobFunction } from "./run-fill-pdf-job";
import { processDocument } from "./process-document";

/**
 * Every background function, as plain definitions: start-up hands them to the in-process executor, and
 * app/api/inngest/route.ts builds them for Inngest.
 */
export const functionDefinitions: AnyFunctionDefinition[] = [
  cleanupBackgroundRuns,
  deleteExpiredGuestSessionsFunction,
  deliverWebhook,
  expireJobOutputs,
  processDocument,
  runExtractJob,
  runFillPdfJobFunction,
  runFillExcelJobFunction,
];
