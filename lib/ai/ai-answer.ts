import { z } from "zod";

// The zod-typed answer the model must give: the document's type, its key-value pairs and (with a
// schema) the schema's fields, each citing the ids of the words it was read from.

export const documentTypes = [
  "invoice",
  "receipt",
  "form",
  "bank_statement",
  "letter",
  "contract",
  "id_document",
  "other",
] as const;

const WordIds = z.array(z.string()).describe("Ids of the document words this text is read from, e.g. p1w12.");
const Confidence = z.number().min(0).max(1);

export const AiKeyValuePair = z.object({
  key: z.string().describe("The label as written."),
  keyWordIds: WordIds,
  value: z.string().describe("The value as written."),
  valueWordIds: WordIds,
  confidence: Confidence,
});

export const AiField = z.object({
  name: z.string(),
  value: z.string().nullable(),
  wordIds: WordIds,
  confidence: Confidence,
});

export const AiStructure = z.object({
  documentType: z.enum(documentTypes),
  keyValuePairs: z.array(AiKeyValuePair),
});

export const AiStructureWithFields = AiStructure.extend({ fields: z.array(AiField) });

export type AiKeyValuePair = z.infer<typeof AiKeyValuePair>;
export type AiField = z.infer<typeof AiField>;
export type AiAnswer = z.infer<typeof AiStructure> & { fields?: AiField[] };
