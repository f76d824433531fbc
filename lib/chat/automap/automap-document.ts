import { randomUUID } from "node:crypto";
import { configuredLanguageModel, type ConfiguredModel } from "@/lib/ai/language-model";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { readLibraryFile } from "@/lib/library";
import type { BlobStore } from "@/lib/storage";
import { assertTokensAvailable } from "@/lib/usage/assert-tokens-available";
import { automapChargeKey } from "@/lib/usage/charge-keys";
import { chargeUsage } from "@/lib/usage/charge-usage";
import { loadChatScope } from "../scope/load-chat-scope";
import { automapFields, type TemplateField } from "./automap-fields";
import type { AutomapRequest } from "./automap-schemas";
import { automapWithAi } from "./automap-with-ai";
import { readTemplateFields } from "./read-template-fields";

async function templateFieldsOf(
  db: Db,
  store: BlobStore,
  userId: string,
  request: AutomapRequest,
): Promise<TemplateField[]> {
  if (request.template_fields) return request.template_fields;
  if (request.template_file_id) {
    const { file, bytes } = await readLibraryFile({ db, store, userId, fileId: request.template_file_id });
    return readTemplateFields(bytes, file.fileName);
  }
  const bytes = Buffer.from(request.template_base64 ?? "", "base64");
  if (bytes.length === 0) throw new AppError("bad_request", "template_base64 holds no file");
  return readTemplateFields(bytes, request.template_file_name ?? "template.xlsx");
}

/**
 * POST /api/batch/{batch_id}/document/{document_id}/automap: the document's aggregated page data
 * (key-values and one-row tables across pages) mapped to the template's fields, one value per field,
 * with page, box, confidence and reason; cell_mappings is ready for /v1/fill/excel (explicit). With a
 * provider the model maps (grounded on the word ids it cites, charged in tokens); when it fails the
 * offline engine answers and ai_error says why.
 */
export async function automapDocument(options: {
  db: Db;
  store: BlobStore;
  userId: string;
  batchId: string;
  documentId: string;
  request: AutomapRequest;
  ai?: ConfiguredModel | null;
}) {
  const { db, store } = options;
  const [document] = await loadChatScope({
    db,
    userId: options.userId,
    scope: { batchId: options.batchId, documentIds: [options.documentId] },
  });
  const fields = await templateFieldsOf(db, store, options.userId, options.request);
  if (fields.length === 0)
    throw new AppError(
      "bad_request",
      "The template has no fields to fill: no label cell with an empty value cell beside or below it.",
    );
  const ai = options.ai === undefined ? configuredLanguageModel() : options.ai;
  let result: Pick<ReturnType<typeof automapFields>, "mappings" | "unmapped"> & { engine: string; ai_error?: string };
  if (ai) {
    await assertTokensAvailable({ db, userId: options.userId, tokensNeeded: 2000 });
    try {
      const answer = await automapWithAi(fields, document, ai);
      const chargeKey = automapChargeKey(options.documentId, randomUUID());
      if (answer.tokens > 0)
        await chargeUsage(db, {
          userId: options.userId,
          source: "app",
          operation: "automap",
          model: ai.label,
          pages: 0,
          tokens: answer.tokens,
          chargeKey,
          documentId: options.documentId,
        });
      result = { ...answer, engine: `ai:${ai.label}` };
    } catch (error) {
      result = {
        ...automapFields(fields, document),
        engine: "offline",
        ai_error: error instanceof Error ? error.message : String(error),
      };
    }
  } else {
    result = { ...automapFields(fields, document), engine: "offline" };
  }
  const cellMappings = Object.fromEntries(
    result.mappings.flatMap((mapping) => (mapping.cell ? [[mapping.cell, mapping.value]] : [])),
  );
  return { batch_id: options.batchId, document_id: options.documentId, ...result, cell_mappings: cellMappings };
}
