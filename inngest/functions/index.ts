import type { AnyFunctionDefinition } from "@/lib/jobs/define-function";
import { buildInngestFunction } from "../build-inngest-function";
import { inngest } from "../client";
import { cleanupBackgroundRuns } from "./cleanup-background-runs";
import { deleteExpiredGuestSessionsFunction } from "./delete-expired-guest-sessions";
import { deliverWebhook } from "./deliver-webhook";
import { expireJobOutputs } from "./expire-job-outputs";
import { runExtractJob } from "./run-extract-job";
import { runFillExcelJobFunction } from "./run-fill-excel-job";
import { runFillPdfJobFunction } from "./run-fill-pdf-job";
import { processDocument } from "./process-document";

/** Every background function, as plain definitions (the in-process executor runs these). */
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

/** The same functions built for Inngest's serve(). */
export const inngestFunctions = functionDefinitions.map((definition) => buildInngestFunction(inngest, definition));
