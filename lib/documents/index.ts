export { readDocument, type ReadDocumentInput, type ReadDocumentResult } from "./read-document";
export { inspectDocument, type DocumentInspection } from "./inspect-document";
export { detectType } from "./detect-type";
export { formats, formatById, type FormatInfo, type FormatKind } from "./formats";
export {
  DocumentError,
  isDocumentError,
  isDocumentErrorCode,
  type DocumentErrorCode,
} from "@/lib/errors/document-error";
export { findSoffice, libreOfficeInstallHint } from "./office/convert-with-libreoffice";
export type { Page, Word, Line, Block, Box, SourceTable, FormFieldValue, PageSource } from "@/lib/pages/types";
