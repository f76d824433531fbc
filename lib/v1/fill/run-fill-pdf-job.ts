import { configuredLanguageModel } from "@/lib/ai/language-model";
import { readDocument } from "@/lib/documents/read-document";
import { resolveModel } from "@/lib/models";
import { asEncryptedFormError } from "@/lib/fill/pdf/encrypted-form-message";
import { fillPdfForm } from "@/lib/fill/pdf/fill-pdf-form";
import { readPdfForm } from "@/lib/fill/pdf/read-pdf-form";
import { planFill } from "@/lib/fill/map/plan-fill";
import type { SourceDocument } from "@/lib/fill/map/source-document";
import type { FormField } from "@/lib/fill/types";
import type { JobRunContext } from "@/lib/v1/jobs/define-job-function";
import { FillPdfJobInput } from "./fill-job-input";
import {
  chargeFill,
  completeFillJob,
  filledName,
  readSourceFile,
  readStoredFile,
  reportProgress,
} from "./fill-job-stages";

/**
 * The stages of a fill_pdf job: read the form (fields and labels), read each source (charged per
 * page), map and fill (charged per form), store the PDF and complete. A form problem (no fields, XFA,
 * damaged) fails the job at once; the life cycle around the stages is defineJobFunction's.
 */
export async function runFillPdfJobStages({ db, store, jobId, stage }: JobRunContext): Promise<void> {
  const input = await stage("read-input", async (job) => FillPdfJobInput.parse(job.input));

  const form = await stage("read-form", async (_job, signal): Promise<FormField[]> => {
    await reportProgress({ db, jobId, current: 0, message: "Reading the form" });
    const pdf = await readStoredFile({ store, key: input.target.key });
    // The form's pages were counted against the tier's limit at submission; the model's limit is a second wall.
    const pages = (
      await readDocument({
        bytes: pdf,
        fileName: input.target.name,
        maxPages: resolveModel(input.ocrModel, { kind: "ocr" }).maxPagesPerRequest,
        onPage: () => signal.throwIfAborted(),
      }).catch((error: unknown) => {
        throw asEncryptedFormError(error, input.target.name);
      })
    ).pages;
    return readPdfForm({ pdf, pages });
  });

  const sources: SourceDocument[] = [];
  for (const [index, file] of input.sources.entries()) {
    const source = await stage("read-source", async (job, signal) => {
      await reportProgress({
        db,
        jobId,
        current: index + 1,
        message: `Reading source ${index + 1} of ${input.sources.length}: ${file.name}`,
      });
      return readSourceFile({ db, store, job, file, index: index + 1, ocrModel: input.ocrModel, signal });
    });
    sources.push(source);
  }

  await stage("fill-form", async (job, signal) => {
    await reportProgress({ db, jobId, current: input.sources.length + 1, message: "Filling the form" });
    const pdf = await readStoredFile({ store, key: input.target.key });
    const { plans, engine } = await planFill({
      fields: form,
      fieldMappings: input.fieldMappings,
      instructions: input.instructions,
      sources,
      ai: configuredLanguageModel(),
      signal,
    });
    const filled = await fillPdfForm({ pdf, fields: form, plans, flatten: input.flatten, signal });
    await chargeFill({ db, job });
    await completeFillJob({
      db,
      store,
      job,
      output: {
        bytes: filled.pdf,
        fileName: filledName(input.target.name, "pdf"),
        extension: "pdf",
        contentType: "application/pdf",
        result: {
          fields_filled: filled.fieldsFilled,
          fields_total: filled.fieldsTotal,
          field_details: filled.details,
          unresolved: filled.unresolved,
          flattened: input.flatten,
          engine,
        },
      },
    });
  });
}
