import type { ExtractForm } from "./extract-form";

// The validated form rebuilt in a fixed order, so a retry hashes the same whatever its part order
// or multipart boundary.
export function canonicalExtractForm(form: ExtractForm): FormData {
  const data = new FormData();
  for (const file of [...(form.file ?? []), ...(form.files ?? [])]) data.append("file", file);
  if (form.schema) data.append("schema", JSON.stringify(form.schema));
  data.append("model", form.model ?? "");
  data.append("detail", String(form.detail));
  data.append("webhook_url", form.webhook_url ?? "");
  data.append("output_format", form.output_format);
  return data;
}
