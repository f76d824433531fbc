import type { BlobStore } from "@/lib/storage";
import type { Db } from "@/lib/db";
import { detectType } from "@/lib/documents/detect-type";
import { AppError } from "@/lib/errors/app-error";
import type { FillPdfForm } from "./fill-forms";
import type { FillPdfJobInput } from "./fill-job-input";
import { startFillJob, type FillAnswer } from "./start-fill-job";

/**
 * POST /v1/fill/pdf: 400 when none of source_files, instructions, field_mappings is given or the
 * target is not a PDF; otherwise a fill_pdf job (202). Form problems (no fields, XFA) fail the job.
 */
export async function submitFillPdf(input: {
  db: Db;
  store: BlobStore;
  userId: string;
  tier: string;
  apiKeyId: string | null;
  form: FillPdfForm;
}): Promise<FillAnswer> {
  const { form } = input;
  const sources = form.source_files ?? [];
  const instructions = form.instructions?.trim() || undefined;
  if (sources.length === 0 && !instructions && !form.field_mappings) {
    throw new AppError("no_source_data", "Give at least one of source_files, instructions or field_mappings.");
  }
  const bytes = Buffer.from(await form.target_pdf.arrayBuffer());
  const type = await detectType(bytes, form.target_pdf.name).catch(() => null);
  if (type?.id !== "pdf")
    throw new AppError(
      "bad_request",
      `target_pdf must be a PDF; ${form.target_pdf.name || "the file"} is ${type ? `a ${type.name} file` : "not a recognised document"}.`,
    );
  const options: Omit<FillPdfJobInput, "target" | "sources" | "ocrModel"> = {
    fieldMappings: form.field_mappings,
    instructions,
    flatten: form.flatten,
  };
  return startFillJob({
    ...input,
    type: "fill_pdf",
    target: { bytes, name: form.target_pdf.name || "form.pdf", extension: "pdf" },
    sources,
    ocrModel: form.model,
    webhookUrl: form.webhook_url,
    options,
  });
}
