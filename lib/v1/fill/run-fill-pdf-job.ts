import { getDb } from "@/lib/db";
import { configuredLanguageModel } from "@/lib/ai/language-model";
import { readDocument } from "@/lib/documents/read-document";
import type { JobStep } from "@/lib/background/define-function";
import { fillPdfForm } from "@/lib/fill/pdf/fill-pdf-form";
import { readPdfForm } from "@/lib/fill/pdf/read-pdf-form";
import { planFill } from "@/lib/fill/map/plan-fill";
import type { SourceDocument } from "@/lib/fill/map/source-document";
import type { FormField } from "@/lib/fill/types";
import { failFillJob } from "./fail-fill-job";
import { FillPdfJobInput } from "./fill-job-input";
import { chargeFill, completeFillJob, filledName, readSourceFile, readStoredFile, reportProgress } from "./fill-job-steps";

type StepOutcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

/**
 * The fill_pdf job: read the form (fields and labels), read each source (charged per page), map and
 * fill (charged per form), store the PDF and complete. A form problem (no fields, XFA, damaged)
 * fails the job at once; anything else is retried per step, and the function's onFailure fails the job
 * when retries run out.
 */
export async function runFillPdfJob({ jobId, step }: { jobId: string; step: JobStep }): Promise<{ status: string }> {
  const db = await getDb();
  const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  if (job.status !== "processing") return { status: job.status };
  const input = FillPdfJobInput.parse(job.input);

  const form = await step.run("read-form", async (): Promise<StepOutcome<FormField[]>> => {
    await reportProgress(db, jobId, 0, "Reading the form");
    const pdf = await readStoredFile(input.target.key);
    try {
      const pages = (await readDocument({ bytes: pdf, fileName: input.target.name })).pages;
      return { ok: true, value: await readPdfForm({ pdf, pages }) };
    } catch (error) {
      return { ok: false, ...(await failFillJob(db, jobId, error)) };
    }
  });
  if (!form.ok) return { status: "failed" };

  const sources: SourceDocument[] = [];
  for (const [index, file] of input.sources.entries()) {
    const source = await step.run("read-source", async () => {
      await reportProgress(db, jobId, index + 1, `Reading source ${index + 1} of ${input.sources.length}: ${file.name}`);
      return readSourceFile(db, job, file, index + 1, input.ocrModel);
    });
    sources.push(source);
  }

  await step.run("fill-form", async () => {
    await reportProgress(db, jobId, input.sources.length + 1, "Filling the form");
    const pdf = await readStoredFile(input.target.key);
    const { plans, engine } = await planFill({ fields: form.value, fieldMappings: input.fieldMappings, instructions: input.instructions, sources, ai: configuredLanguageModel() });
    const filled = await fillPdfForm({ pdf, fields: form.value, plans, flatten: input.flatten });
    await chargeFill(db, job);
    await completeFillJob(db, job, {
      bytes: filled.pdf,
      fileName: filledName(input.target.name, "pdf"),
      extension: "pdf",
      contentType: "application/pdf",
      result: { fields_filled: filled.fieldsFilled, fields_total: filled.fieldsTotal, field_details: filled.details, unresolved: filled.unresolved, flattened: input.flatten, engine },
    });
  });
  return { status: "completed" };
}
