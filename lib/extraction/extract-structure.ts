import type { Page } from "@/lib/documents/types";
import { classifyDocument, detectLanguage } from "./classify";
import { dateOrderEvidence } from "./date-order";
import { findEntities } from "./entities";
import { findKeyValuePairs } from "./key-values";
import { extractSchemaFields } from "./schema-fields";
import { findTables } from "./tables";
import type { DocumentStructure, SchemaField } from "./types";

/** The deterministic engine: structure from pages by layout, patterns and typed matching. */
export function extractStructure(options: { pages: Page[]; schema?: SchemaField[] }): DocumentStructure {
  const { pages } = options;
  const text = pages.map((page) => page.text).join("\n\n");
  const language = detectLanguage(text);
  // One order for all the document's dates: "03/01/2018" means the same day wherever it is printed.
  const dateOrder = dateOrderEvidence(pages, language);
  const keyValuePairs = findKeyValuePairs(pages);
  const entities = findEntities(pages, dateOrder?.order);
  const readPages = pages.filter((page) => !page.error);
  const pageConfidence =
    readPages.length === 0 ? 0 : readPages.reduce((sum, page) => sum + page.confidence, 0) / readPages.length;
  const structure: DocumentStructure = {
    documentType: classifyDocument(text, keyValuePairs.length),
    language,
    keyValuePairs,
    tables: findTables(pages),
    entities,
    confidence: Math.round(pageConfidence * 100) / 100,
    engine: "deterministic",
  };
  if (options.schema) {
    const details = extractSchemaFields(options.schema, pages, keyValuePairs, entities, dateOrder);
    structure.fieldDetails = details;
    structure.fields = Object.fromEntries(details.map((detail) => [detail.name, detail.value]));
  }
  return structure;
}
