export {
  modelVersions,
  baseTokensPerPage,
  defaultOcrModel,
  type ModelVersion,
  type ModelKind,
  type OcrPass,
  type OcrRecogniser,
  type OcrResolution,
} from "./registry";
export { resolveModel, modelAliases, tokensForPages, ModelError } from "./resolve-model";
