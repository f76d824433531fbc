import type { Page } from "@/lib/pages/types";
import type { FormField } from "../types";
import { labelFormFields } from "./label-form-fields";
import { loadFillableForm } from "./load-form";
import { readFormFields } from "./read-form-fields";

/**
 * The fillable fields of a PDF form with their labels. `pages` are the reading engine's pages of
 * the same PDF (readDocument), whose word boxes give each field the text printed next to it; without
 * them fields are labelled by tooltip and name only. Throws AppError no_form_fields,
 * xfa_not_supported or corrupt_file.
 */
export async function readPdfForm(options: { pdf: Buffer; pages?: Page[] }): Promise<FormField[]> {
  const document = await loadFillableForm(options.pdf);
  return labelFormFields(readFormFields(document), options.pages ?? []);
}
