import { z } from "zod";
import { defineEvent } from "@/lib/jobs/define-event";

/** Read one batch document into pages (inngest/functions/process-document.ts). */
export const batchDocumentProcessRequested = defineEvent(
  "docsvc/batch-document.process-requested",
  z.object({ batchId: z.string().uuid(), documentId: z.string().uuid() }),
);
