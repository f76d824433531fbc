import { AppError } from "@/lib/errors/app-error";
import { defaultOcrModel, modelVersions, type ModelKind, type ModelVersion } from "./registry";

export class ModelError extends AppError {
  constructor(message: string) {
    super("invalid_model", message);
    this.name = "ModelError";
  }
}

/** Aliases with the dated version each points to: the newest release of its family. */
export function modelAliases(): Record<string, string> {
  const aliases: Record<string, ModelVersion> = {};
  for (const version of modelVersions) {
    const current = aliases[version.alias];
    if (!current || version.released > current.released) aliases[version.alias] = version;
  }
  return Object.fromEntries(Object.entries(aliases).map(([alias, version]) => [alias, version.id]));
}

function validIds(kind?: ModelKind): string[] {
  const versions = modelVersions.filter((version) => !kind || version.kind === kind);
  return [...new Set(versions.flatMap((version) => [version.alias, version.id]))];
}

/**
 * The dated model version for an id or alias (the default OCR model when id is empty).
 * Throws ModelError (code invalid_model, HTTP 400) naming the valid ids when it is unknown or of
 * the wrong kind.
 */
export function resolveModel(id: string | null | undefined, options: { kind?: ModelKind } = {}): ModelVersion {
  const requested = id?.trim() || (options.kind === "fill" ? "docsvc-fill-v1" : defaultOcrModel);
  const datedId = modelAliases()[requested] ?? requested;
  const version = modelVersions.find((candidate) => candidate.id === datedId);
  const valid = validIds(options.kind).join(", ");
  if (!version) throw new ModelError(`Unknown model "${requested}". Valid models: ${valid}`);
  if (options.kind && version.kind !== options.kind) {
    throw new ModelError(
      `Model "${requested}" is a ${version.kind} model; a ${options.kind} model is needed: ${valid}`,
    );
  }
  return version;
}

/** Tokens charged for a number of pages processed with a model. */
export function tokensForPages(model: ModelVersion, pages: number): number {
  return model.tokensPerPage * pages;
}
