import { generateText, Output } from "ai";
import type { Page } from "@/lib/pages/types";
import { extractStructure } from "@/lib/extraction/extract-structure";
import { parseDate, parseNumber } from "@/lib/extraction/entities/normalise-values";
import type { DocumentStructure, SchemaField } from "@/lib/extraction/types";
import { AiStructure, AiStructureWithFields, documentTypes, type AiAnswer } from "./ai-answer";
import { groundField, groundPair } from "./ground-answer";
import { configuredLanguageModel, type ConfiguredModel } from "./language-model";
import { wordList } from "./word-ids";

const system = [
  "You structure OCR'd documents. Each word is followed by its id in brackets, e.g. Total[p1w7].",
  "Classify the document as one of the given types.",
  "List its key-value pairs: a label and the value it names (on the same line, below it, or in a box), with the ids of the label's words and of the value's words.",
  "When fields are requested, return each one with the value exactly as written and the ids of its words; use null and no ids when the document does not contain it.",
  "Cite only ids that appear in the document. Never invent values.",
].join(" ");

/** The same value read two ways: the same amount, the same day, or the same text but for case, spaces and punctuation. */
function sameValue(field: SchemaField, a: string, b: string): boolean {
  if (field.type === "number") return parseNumber(a) !== null && parseNumber(a) === parseNumber(b);
  if (field.type === "date") return parseDate(a) !== null && parseDate(a) === parseDate(b);
  const loose = (text: string) => text.toUpperCase().replace(/[\s,.;:'"-]+/g, "");
  return loose(a) !== "" && loose(a) === loose(b);
}

export interface ExtractDocumentResult extends DocumentStructure {
  /** Set when the AI provider failed and the deterministic engine answered instead. */
  aiError?: string;
}

async function askModel(ai: ConfiguredModel, pages: Page[], schema: SchemaField[] | undefined): Promise<AiAnswer> {
  const fields = schema && schema.length > 0 ? `Fields: ${JSON.stringify(schema)}\n` : "";
  const prompt = `${fields}Document types: ${documentTypes.join(", ")}\n\nDocument words:\n${wordList(pages)}`;
  if (fields) {
    const { output } = await generateText({
      model: ai.model,
      output: Output.object({ schema: AiStructureWithFields }),
      system,
      prompt,
    });
    return output;
  }
  const { output } = await generateText({
    model: ai.model,
    output: Output.object({ schema: AiStructure }),
    system,
    prompt,
  });
  return output;
}

/**
 * Structure a read document. With an AI provider configured (or passed in), the model classifies
 * the document, pairs its keys and values and fills the schema's fields, every value grounded on
 * the page words it cites; tables, entities, language and filled AcroForm values stay with the
 * layout engine, which reads them exactly. Without a provider, or when it fails (`aiError`), the
 * deterministic engine does all of it. `engine` says which one answered.
 */
export async function extractDocument(options: {
  pages: Page[];
  schema?: SchemaField[];
  ai?: ConfiguredModel | null;
}): Promise<ExtractDocumentResult> {
  const structure = extractStructure({ pages: options.pages, schema: options.schema });
  const ai = options.ai === undefined ? configuredLanguageModel() : options.ai;
  if (!ai) return structure;
  let answer: AiAnswer;
  try {
    answer = await askModel(ai, options.pages, options.schema);
  } catch (error) {
    return { ...structure, aiError: error instanceof Error ? error.message : String(error) };
  }
  const modelPairs = answer.keyValuePairs.flatMap((pair) => groundPair(pair, options.pages) ?? []);
  const result: ExtractDocumentResult = {
    ...structure,
    documentType: answer.documentType,
    keyValuePairs: [...modelPairs, ...structure.keyValuePairs.filter((pair) => pair.method === "form_field")],
    engine: `ai:${ai.label}`,
  };
  if (options.schema && options.schema.length > 0) {
    const details = options.schema.map((field) => {
      const grounded = groundField(
        field,
        answer.fields?.find((candidate) => candidate.name === field.name),
        options.pages,
      );
      // The model named no words for its value, but the trained field model read the same value: its page and box ground it.
      const read = structure.fieldDetails?.find((detail) => detail.name === field.name);
      const answered = answer.fields?.find((candidate) => candidate.name === field.name)?.value;
      return grounded.value === null &&
        read?.value != null &&
        answered != null &&
        sameValue(field, answered, read.value)
        ? read
        : grounded;
    });
    result.fieldDetails = details;
    result.fields = Object.fromEntries(details.map((detail) => [detail.name, detail.value]));
  }
  return result;
}
