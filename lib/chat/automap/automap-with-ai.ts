import { generateText, Output } from "ai";
import { z } from "zod";
import type { ConfiguredModel } from "@/lib/ai/language-model";
import { citedText, meanConfidence, resolveWordIds, wordList } from "@/lib/ai/word-ids";
import { unionBox } from "@/lib/pages/layout";
import { dateOrderOf } from "@/lib/extraction/document/date-order";
import { parseDate, parseNumber } from "@/lib/extraction/entities/normalise-values";
import type { ChatDocument } from "../scope/chat-document";
import type { TemplateField } from "./automap-fields";

const AiMappings = z.object({
  mappings: z.array(
    z.object({
      template_field: z.string(),
      word_ids: z.array(z.string()).describe("Ids of the document words holding the value, e.g. p1w12."),
      confidence: z.number().min(0).max(1),
    }),
  ),
});

const system =
  "You map a document's values to a template's fields. Each document word is followed by its id in brackets, e.g. Total[p1w7]. " +
  "For each field the document contains, give the ids of the words of its value (not of its label). Leave out fields the document does not contain. Never invent ids.";

/**
 * Automap by the model, grounded like extraction: a value counts only through the words it cites,
 * read from the page (so a made-up value cannot survive), with their page, box and confidence.
 * Returns the tokens used, for the caller to charge.
 */
export async function automapWithAi(fields: TemplateField[], document: ChatDocument, ai: ConfiguredModel) {
  const prompt = `Template fields: ${JSON.stringify(fields.map(({ name, type }) => ({ name, type })))}\n\nDocument words:\n${wordList(document.pages)}`;
  const { output, totalUsage } = await generateText({
    model: ai.model,
    output: Output.object({ schema: AiMappings }),
    system,
    prompt,
  });
  const order = dateOrderOf(document.pages);
  const used = new Set<string>();
  const mappings = fields.flatMap((field) => {
    const answer = output.mappings.find((mapping) => mapping.template_field === field.name);
    const cited = answer ? resolveWordIds(answer.word_ids, document.pages) : null;
    if (!answer || !cited) return [];
    const value = citedText(cited);
    const key = `${cited.page}:${value}`;
    if (
      used.has(key) ||
      (field.type === "number" && parseNumber(value) === null) ||
      (field.type === "date" && parseDate(value, order) === null)
    )
      return [];
    used.add(key);
    return [
      {
        template_field: field.name,
        cell: field.cell ?? null,
        source: "model",
        value,
        page: cited.page,
        box: unionBox(cited.words.map((word) => word.box)),
        confidence: Math.round(answer.confidence * meanConfidence(cited.words) * 100) / 100,
        reason: `the model cited ${cited.words.length} word${cited.words.length === 1 ? "" : "s"} on page ${cited.page}`,
      },
    ];
  });
  const unmapped = fields
    .filter((field) => !mappings.some((mapping) => mapping.template_field === field.name))
    .map((field) => ({
      template_field: field.name,
      cell: field.cell ?? null,
      reason: "The model found no value citing real words of the document.",
    }));
  return { mappings, unmapped, tokens: totalUsage.totalTokens ?? 0 };
}
