// POST /v1/extract and GET /v1/formats: the developer API's extraction service.
export { answerExtractRequest } from "./answer-extract-request";
export { submitExtraction, SYNC_MAX_PAGES, type SubmitExtractionInput, type ExtractAnswer } from "./submit-extraction";
export { extractFile, type ExtractFileInput, type ExtractedFile } from "./extract-file";
export { extractJobFile, extractChargeKey } from "./extract-job-file";
export { completeExtractJob } from "./complete-extract-job";
export { failExtractJob } from "./fail-extract-job";
export { buildExtractionResult, renderedOutputFile } from "./build-extraction-result";
export { checkUploadLimits } from "./check-upload-limits";
export { describeExtractionFailure, toV1RequestError, toJobErrorCode } from "./to-v1-error";
export { listFormats, FormatListResponse, type FormatList } from "./list-formats";
export { ExtractForm } from "./extract-form";
export { ExtractionResult, DocumentExtraction, ExtractCompletedResponse, ExtractAcceptedResponse, OUTPUT_FORMATS, type OutputFormat } from "./extraction-result";
export { extractJobRequested, extractJobEventId } from "@/lib/background/events";
