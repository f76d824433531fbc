import { OUTPUT_FORMATS, serialiseAs } from "@/lib/extraction";
import type { DocumentExtraction, ExtractionResult, OutputFormat } from "./extraction-result";

export interface BuildExtractionResultInput {
  /** The dated model id that ran. */
  model: string;
  documents: DocumentExtraction[];
  outputFormat: OutputFormat;
  processingTimeMs: number;
  /** The job's download path, set on csv/xml results (the rendered file is stored with the job). */
  downloadUrl?: string;
}

/**
 * The request's extraction result. One file: that file's result. Several: the merged view at the top
 * level (first non-null value per field name, tables and entities concatenated and tagged with their
 * document index, pages summed, confidence weighted by pages) plus each file's own in documents.
 * csv/xml add the rendering as output.content (and the same file at download_url).
 */
export function buildExtractionResult(input: BuildExtractionResultInput): ExtractionResult {
  const { documents } = input;
  if (documents.length === 0) throw new Error("An extraction result needs at least one document");
  const result: ExtractionResult =
    documents.length === 1 ? singleResult(input.model, documents[0]) : mergedResult(input.model, documents);
  result.processing_time_ms = Math.round(input.processingTimeMs);
  if (input.outputFormat !== "json") {
    const content = serialiseAs(input.outputFormat, result);
    result.output = {
      format: input.outputFormat,
      content_type: OUTPUT_FORMATS[input.outputFormat].contentType,
      content,
    };
    if (input.downloadUrl) result.download_url = input.downloadUrl;
  }
  return result;
}

/** The rendered file of a csv/xml result, to store as the job's download. */
export function renderedOutputFile(
  result: ExtractionResult,
): { content: string; contentType: string; fileName: string } | null {
  if (!result.output) return null;
  return {
    content: result.output.content,
    contentType: result.output.content_type,
    fileName: `extraction.${result.output.format}`,
  };
}

function singleResult(model: string, document: DocumentExtraction): ExtractionResult {
  // One file: the result is the document's own, without the per-file name of the multi-file shape.
  const rest: Omit<DocumentExtraction, "file_name"> & { file_name?: string } = { ...document };
  delete rest.file_name;
  return { model, ...rest };
}

function mergedResult(model: string, documents: DocumentExtraction[]): ExtractionResult {
  const pages = documents.reduce((sum, document) => sum + document.pages_processed, 0);
  const fields: Record<string, string | null> = {};
  for (const document of documents) {
    for (const [name, value] of Object.entries(document.fields)) {
      if (fields[name] === undefined || fields[name] === null) fields[name] = value;
    }
  }
  const types = new Set(documents.map((document) => document.document_type));
  const weighted = documents.reduce(
    (sum, document) => sum + document.confidence * Math.max(document.pages_processed, 1),
    0,
  );
  const weights = documents.reduce((sum, document) => sum + Math.max(document.pages_processed, 1), 0);
  const merged: ExtractionResult = {
    model,
    document_type: types.size === 1 ? documents[0].document_type : "mixed",
    language: documents[0].language,
    confidence: Math.round((weighted / weights) * 100) / 100,
    fields,
    tables: documents.flatMap((document, index) => document.tables.map((table) => ({ ...table, document: index }))),
    entities: documents.flatMap((document) => document.entities),
    pages_processed: pages,
    processing_time_ms: 0,
    engine: documents[0].engine,
    documents,
  };
  if (documents.some((document) => document.field_details))
    merged.field_details = documents.flatMap((document) => document.field_details ?? []);
  return merged;
}
