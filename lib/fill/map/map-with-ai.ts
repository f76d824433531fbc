import { generateText, Output } from "ai";
import { z } from "zod";
import type { ConfiguredModel } from "@/lib/ai/language-model";
import { unionBox } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import type { FillPlan, FormField } from "../types";
import { isoDay } from "./format-date-for-field";
import type { SourceDocument } from "./source-document";

// The AI mapper: the model sees the form's fields (by id, with labels, types and options), the
// instructions, and the source documents' words with ids ("d1p2w15"). Values from documents must
// cite the words they come from, so each keeps its page and box and a value citing no real word is
// dropped; values from instructions quote nothing but say which instruction they follow.

const maxPromptWords = 6000;

const AiFillAnswer = z.object({
  assignments: z.array(
    z.object({
      field: z.string().describe("Field id, e.g. F3"),
      value: z.string(),
      source: z.enum(["instruction", "document"]),
      word_ids: z.array(z.string()).describe("Ids of the document words the value comes from; empty for instructions"),
      confidence: z.number().min(0).max(1),
      explanation: z.string(),
    }),
  ),
  leave_empty: z.array(z.object({ field: z.string(), explanation: z.string() })),
});

function describeFields(fields: readonly FormField[]): string {
  return fields
    .map((field, index) => {
      const options = field.options ? ` options=${JSON.stringify(field.options)}` : "";
      const section = field.section ? ` section="${field.section}"` : "";
      return `F${index + 1}: name="${field.name}" label="${field.label}" type=${field.kind}/${field.valueType}${options}${section}`;
    })
    .join("\n");
}

function describeSources(sources: SourceDocument[]): {
  text: string;
  words: Map<string, { source: SourceDocument; page: number; word: Word }>;
} {
  const words = new Map<string, { source: SourceDocument; page: number; word: Word }>();
  const lines: string[] = [];
  sources.forEach((source, fileIndex) => {
    lines.push(`--- Document d${fileIndex + 1}: ${source.fileName}`);
    for (const page of source.pages) {
      for (const line of page.lines) {
        if (words.size > maxPromptWords) return;
        const parts = page.words.slice(line.firstWord, line.firstWord + line.wordCount).map((word, offset) => {
          const id = `d${fileIndex + 1}p${page.pageNumber}w${line.firstWord + offset}`;
          words.set(id, { source, page: page.pageNumber, word });
          return `${word.text}[${id}]`;
        });
        lines.push(parts.join(" "));
      }
    }
  });
  return { text: lines.join("\n"), words };
}

/** A plan from instructions and source documents by the configured language model. */
export async function mapWithAi(options: {
  fields: readonly FormField[];
  instructions?: string;
  sources: SourceDocument[];
  ai: ConfiguredModel;
  today?: Date;
  signal?: AbortSignal;
}): Promise<FillPlan> {
  const fillable = options.fields.filter((field) => field.kind !== "signature");
  const sources = describeSources(options.sources);
  const { output } = await generateText({
    model: options.ai.model,
    abortSignal: options.signal,
    output: Output.object({ schema: AiFillAnswer }),
    system:
      "You fill PDF form fields. Use only the user's instructions and the source documents. Each document word is followed by its id in brackets. " +
      "For a value taken from a document, copy it as written and list the ids of its words. For a value from an instruction, use source instruction and no word ids. " +
      "Checkboxes take yes or no; radio buttons and dropdowns take one of their options. Leave out fields you have no value for. Never invent values.",
    prompt:
      `Today is ${isoDay(options.today ?? new Date())}.\n\nFields:\n${describeFields(fillable)}\n\n` +
      `Instructions:\n${options.instructions?.trim() || "(none)"}\n\nSource documents:\n${sources.text || "(none)"}`,
  });
  const plan: FillPlan = { assignments: [], exclusions: [], unresolved: [] };
  const fieldById = (id: string) => fillable[Number(id.replace(/^F/i, "")) - 1];
  for (const answer of output.assignments) {
    const field = fieldById(answer.field);
    if (!field) continue;
    if (answer.source === "instruction") {
      plan.assignments.push({
        fieldName: field.name,
        value: answer.value,
        confidence: answer.confidence,
        reason: `instruction (AI ${options.ai.label}): ${answer.explanation}`,
        source: "instruction",
      });
      continue;
    }
    const cited = answer.word_ids.flatMap((id) => sources.words.get(id) ?? []);
    if (cited.length === 0) {
      plan.unresolved.push(`AI value for "${field.name}" cited no document words and was dropped`);
      continue;
    }
    const first = cited[0];
    const onPage = cited
      .filter((entry) => entry.source === first.source && entry.page === first.page)
      .map((entry) => entry.word);
    const wordConfidence = onPage.reduce((sum, word) => sum + word.confidence, 0) / onPage.length;
    plan.assignments.push({
      fieldName: field.name,
      value: answer.value,
      confidence: Math.round(answer.confidence * wordConfidence * 100) / 100,
      reason: `${first.source.fileName} page ${first.page}: "${onPage.map((word) => word.text).join(" ")}" (AI ${options.ai.label})`,
      source: "document",
      sourceFile: first.source.fileName,
      page: first.page,
      box: unionBox(onPage.map((word) => word.box)),
    });
  }
  for (const entry of output.leave_empty) {
    const field = fieldById(entry.field);
    if (field)
      plan.exclusions.push({
        fieldName: field.name,
        reason: `instruction (AI ${options.ai.label}): ${entry.explanation}`,
      });
  }
  return plan;
}
