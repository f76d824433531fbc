import { z } from "zod";
import { defineEvent } from "@/lib/jobs/define-event";

/** Run a fill_pdf job; everything it needs is on the job row (input). */
export const fillPdfJobRequested = defineEvent("docsvc/fill-pdf.requested", z.object({ jobId: z.string().uuid() }));

/** Run a fill_excel job; everything it needs is on the job row (input). */
export const fillExcelJobRequested = defineEvent("docsvc/fill-excel.requested", z.object({ jobId: z.string().uuid() }));
