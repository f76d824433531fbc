import { generateText, Output } from "ai";
import { z } from "zod";
import { unionBox } from "@/lib/documents/layout";
import type { Page } from "@/lib/documents/types";
import { extractStructure } from "@/lib/extraction/extract-structure";
import { formatNumber, parseDate, parseNumber } from "@/lib/extraction/normalise-values";
import type { DocumentStructure, DocumentType, FieldDetail, SchemaField } from "@/lib/extraction/types";
import { configuredLanguageModel, type ConfiguredModel } from "./language-model";

// The model sees the OCR words with ids ("p1w12") and must cite the ids its values come from, so
// every AI value is grounded: its page and box are the cited words', and a value citing no real
// word is dropped.

const documentTypes = ["invoice", "receipt", "form", "bank_statement", "letter", "contract", "id_document", "other"] as const;
const maxPromptWords = 6000;

const AiAnswer = z.object({
  documentType: z.enum(documentTypes),
  fields: z.array(
    z.object({
      name: z.string(),
      value: z.string().nullable(),
      wordIds: z.array(z.string()),
      confidence: z.number().min(0).max(1),
    }),
  ),
});

function wordList(pages: Page[]): string {
  const lines: string[] = [];
  let count = 0;
  for (const page of pages) {
    for (const line of page.lines) {
      if (count > maxPromptWords) break;
      const words = page.words.slice(line.firstWord, line.firstWord + line.wordCount).map((word, offset) => `${word.text}[p${page.pageNumber}w${line.firstWord + offset}]`);
      count += words.length;
      lines.push(words.join(" "));
    }
  }
  return lines.join("\n");
}

function normalised(type: SchemaField["type"], value: string): { value: string; typedValue: string | number } | null {
  if (type === "number") {
    const number = parseNumber(value);
    return number === null ? null : { value: formatNumber(number), typedValue: number };
  }
  if (type === "date") {
    const date = parseDate(value);
    return date === null ? null : { value: date, typedValue: date };
  }
  return { value: value.trim(), typedValue: value.trim() };
}

function groundField(field: SchemaField, answer: z.infer<typeof AiAnswer>["fields"][number] | undefined, pages: Page[]): FieldDetail {
  const empty: FieldDetail = { name: field.name, type: field.type, value: null, typedValue: null, page: null, box: null, words: [], confidence: 0 };
  if (!answer?.value) return empty;
  const cited = answer.wordIds
    .map((id) => id.match(/^p(\d+)w(\d+)$/))
    .flatMap((match) => {
      const page = match ? pages.find((candidate) => candidate.pageNumber === Number(match[1])) : undefined;
      const word = match && page ? page.words[Number(match[2])] : undefined;
      return page && word ? [{ page: page.pageNumber, word }] : [];
    });
  const parsed = normalised(field.type, answer.value);
  if (cited.length === 0 || !parsed) return empty;
  const page = cited[0].page;
  const onPage = cited.filter((entry) => entry.page === page).map((entry) => entry.word);
  const wordConfidence = onPage.reduce((sum, word) => sum + word.confidence, 0) / onPage.length;
  return {
    name: field.name,
    type: field.type,
    ...parsed,
    page,
    box: unionBox(onPage.map((word) => word.box)),
    words: onPage.map((word) => word.text),
    confidence: Math.round(answer.confidence * wordConfidence * 100) / 100,
  };
}

export interface ExtractDocumentResult extends DocumentStructure {
  /** Set when the AI provider failed and the deterministic engine answered instead. */
  aiError?: string;
}

/**
 * Structure a read document. With an AI provider configured (or passed in) and a schema, the model
 * fills the schema's fields and classifies the document, grounded on the page words; otherwise the
 * deterministic engine does all of it. `engine` says which one answered.
 */
export async function extractDocument(options: { pages: Page[]; schema?: SchemaField[]; ai?: ConfiguredModel | null }): Promise<ExtractDocumentResult> {
  const structure = extractStructure({ pages: options.pages, schema: options.schema });
  const ai = options.ai === undefined ? configuredLanguageModel() : options.ai;
  if (!ai || !options.schema || options.schema.length === 0) return structure;
  try {
    const { output } = await generateText({
      model: ai.model,
      output: Output.object({ schema: AiAnswer }),
      system:
        "You extract fields from OCR'd documents. Each word is followed by its id in brackets. For every requested field, return the value exactly as written and the ids of the words it comes from; use null and no ids when the document does not contain it. Never invent values.",
      prompt: `Fields: ${JSON.stringify(options.schema)}\nDocument types: ${documentTypes.join(", ")}\n\nDocument words:\n${wordList(options.pages)}`,
    });
    const details = options.schema.map((field) => groundField(field, output.fields.find((candidate) => candidate.name === field.name), options.pages));
    return {
      ...structure,
      documentType: output.documentType as DocumentType,
      fields: Object.fromEntries(details.map((detail) => [detail.name, detail.value])),
      fieldDetails: details,
      engine: `ai:${ai.label}`,
    };
  } catch (error) {
    return { ...structure, aiError: error instanceof Error ? error.message : String(error) };
  }
}
