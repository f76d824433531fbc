// The extraction stages, in the order they run (each folder of lib/extraction is one stage):
//   1. document/    language and date order, from the whole text        (structureByBatches)
//   2. key-values/  labelled values, per batch of pages                   (add)
//   3. tables/      tables from the source's structure or the layout      (add)
//   4. entities/    dates, amounts, emails... in the text                 (add)
//   5. document/    the document type, once the pairs are counted         (finish)
//   6. fields/      the fields of a schema, when one is given             (schemaFieldsStage)
// words/ holds the word and line helpers the stages share; output/ serialises the result.
import type { Page } from "@/lib/pages/types";
import { classifyDocument, detectLanguage } from "./document/classify";
import { dateOrderEvidence } from "./document/date-order";
import { findEntities } from "./entities/entities";
import { findKeyValuePairs } from "./key-values/key-values";
import { extractSchemaFields } from "./fields/schema-fields";
import { findTables } from "./tables/tables";
import type { DateOrderEvidence } from "./document/date-order";
import type { DocumentStructure, Entity, ExtractedTable, KeyValuePair, SchemaField } from "./types";

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

/**
 * Stage 6: the schema's fields, chosen among the structure's pairs and entities and the pages' words.
 * Needs every page's words at once, so it runs only where the whole document is in memory.
 */
export function schemaFieldsStage(options: {
  structure: DocumentStructure;
  schema: SchemaField[];
  pages: Page[];
  dateOrder?: DateOrderEvidence;
}): DocumentStructure {
  const { structure, schema, pages, dateOrder } = options;
  const details = extractSchemaFields({
    schema,
    pages,
    pairs: structure.keyValuePairs,
    entities: structure.entities,
    dateOrder,
  });
  return {
    ...structure,
    fieldDetails: details,
    fields: Object.fromEntries(details.map((detail) => [detail.name, detail.value])),
  };
}
