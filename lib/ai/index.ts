export { extractDocument, type ExtractDocumentResult } from "./extract-with-ai";
export { configuredLanguageModel, type ConfiguredModel } from "./language-model";
