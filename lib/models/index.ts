export { modelVersions, baseTokensPerPage, defaultOcrModel, type ModelVersion, type ModelKind, type OcrPass, type OcrRecogniser } from "./registry";
export { resolveModel, modelAliases, tokensForPages, ModelError } from "./resolve-model";
