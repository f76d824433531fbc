import { defineRoute } from "@/lib/contracts/contract";
import { canonicalFillForm } from "./canonical-fill-form";
import { FillAcceptedResponse, FillExcelForm, FillPdfForm } from "./fill-forms";

const idempotency =
  "Send an Idempotency-Key header to retry safely: the same key and request within 24 h answer the first answer and start no second job (Idempotent-Replayed: true).";

export const fillPdfRoute = defineRoute({
  method: "POST",
  path: "/v1/fill/pdf",
  surface: "v1",
  auth: "api_key",
  operationId: "v1FillPdf",
  summary: "Fill a PDF form",
  description:
    "Always 202 with id, status processing and poll_url for a valid request; poll GET /v1/jobs/{id} or wait for the webhook, then download the PDF from result.download_url (GET /v1/jobs/{id}/download, 7 days). " +
    "At least one of source_files, instructions, field_mappings is required (400 no_source_data otherwise). field_mappings win over instructions, instructions over source documents. " +
    "result: download_url, expires_at, fields_filled, fields_total, field_details [{field_name, field_type, label, filled, value, confidence (0–1), reason, source, source_file?, page?, box?}], unresolved, engine. " +
    "A PDF without form fields fails the job with error.code no_form_fields; an XFA-only form with xfa_not_supported. " +
    idempotency,
  tags: ["Filling"],
  form: FillPdfForm,
  idempotency: { canonicalForm: canonicalFillForm },
  responses: {
    202: FillAcceptedResponse,
    400: {
      description:
        "no_source_data (none of source_files, instructions, field_mappings), target_pdf is not a PDF (bad_request), invalid_model, or a webhook_url that is not public.",
    },
    402: { description: "insufficient_tokens." },
    413: { description: "file_too_large or too_many_pages for the key's tier." },
    415: { description: "unsupported_format: a source file's type is not supported." },
  },
});

export const fillExcelRoute = defineRoute({
  method: "POST",
  path: "/v1/fill/excel",
  surface: "v1",
  auth: "api_key",
  operationId: "v1FillExcel",
  summary: "Fill an Excel template",
  description:
    "Always 202 with id, status processing and poll_url for a valid request. fill_mode smart (default) needs source_files; explicit needs cell_mappings. " +
    "target_excel: .xlsx, .xltx (filled as .xlsx), .xlsm (filled as .xlsm, macros kept), or .xls/.ods/.qpw (converted to .xlsx with LibreOffice); or target_excel_id, a template saved in the key owner's library (404 when it is not theirs). " +
    "result: download_url, expires_at, cells_written, cells [{sheet, cell, value, source, confidence}], labels_found, tables_found, template_format, output_format, notes. Styles, formulas, number formats, data validation and other sheets are kept. " +
    idempotency,
  tags: ["Filling"],
  form: FillExcelForm,
  idempotency: { canonicalForm: canonicalFillForm },
  responses: {
    202: FillAcceptedResponse,
    400: {
      description:
        "no_source_data (smart without source_files, explicit without cell_mappings), target_excel is not a spreadsheet template (bad_request), invalid_model, or a webhook_url that is not public.",
    },
    402: { description: "insufficient_tokens." },
    413: { description: "file_too_large or too_many_pages for the key's tier." },
    415: {
      description:
        "unsupported_format: a .xls/.ods/.qpw template needs LibreOffice, which is not installed, or a source file's type is not supported.",
    },
    404: { description: "not_found: target_excel_id is not a template in the key owner's library." },
    422: {
      description:
        "validation_error: cell_mappings names a sheet the workbook lacks or a bad address; neither or both of target_excel and target_excel_id.",
    },
  },
});
