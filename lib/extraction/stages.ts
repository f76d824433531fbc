import type { Page } from "@/lib/pages/types";
import { classifyDocument, detectLanguage } from "./document/classify";
import { dateOrderEvidence } from "./document/date-order";
import { findEntities } from "./entities/entities";
import { findKeyValuePairs } from "./key-values/key-values";
import { findTables } from "./tables/tables";
import type { DocumentStructure, Entity, ExtractedTable, KeyValuePair } from "./types";

/**
 * The structure extractStructure gives a document (without a schema), built from its pages a batch
 * at a time so a long document's words are never all in memory: what depends on the whole text
 * (language, the date order, the document type) comes from `texts`, every page's text in page
 * order; pairs, tables and entities from each batch as it is added, in the same order.
 */
export function structureByBatches(texts: string[]) {
  const text = texts.join("\n\n");
  const language = detectLanguage(text);
  const dateOrder = dateOrderEvidence(
    texts.map((pageText) => ({ text: pageText })),
    language,
  );
  const keyValuePairs: KeyValuePair[] = [];
  const tables: ExtractedTable[] = [];
  const entities: Entity[] = [];
  let confidenceSum = 0;
  let readPages = 0;
  return {
    /** The order the document's dates are read in, from its whole text. */
    dateOrder,
    add(pages: Page[]): void {
      keyValuePairs.push(...findKeyValuePairs(pages));
      findTables(pages, tables);
      entities.push(...findEntities(pages, dateOrder?.order));
      for (const page of pages.filter((page) => !page.error)) {
        confidenceSum += page.confidence;
        readPages++;
      }
    },
    finish(): DocumentStructure {
      const confidence = readPages === 0 ? 0 : confidenceSum / readPages;
      return {
        documentType: classifyDocument(text, keyValuePairs.length),
        language,
        keyValuePairs,
        tables,
        entities,
        confidence: Math.round(confidence * 100) / 100,
        engine: "deterministic",
      };
    },
  };
}
