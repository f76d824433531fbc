export { readDocument, type ReadDocumentInput, type ReadDocumentResult } from "./read-document";
export { inspectDocument, type DocumentInspection } from "./inspect-document";
export { detectType } from "./detect-type";
export { formats, formatById, type FormatInfo, type FormatKind } from "./formats";
export { DocumentError, isDocumentError, isDocumentErrorCode, type DocumentErrorCode } from "./errors";
export { findSoffice, libreOfficeInstallHint } from "./office/convert-with-libreoffice";
export type { Page, Word, Line, Block, Box, SourceTable, FormFieldValue, PageSource } from "./types";
