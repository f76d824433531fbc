export { modelVersions, baseTokensPerPage, defaultOcrModel, type ModelVersion, type ModelKind } from "./registry";
export { resolveModel, modelAliases, tokensForPages, ModelError } from "./resolve-model";
