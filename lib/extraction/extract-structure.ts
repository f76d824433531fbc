import type { Page } from "@/lib/pages/types";
import { schemaFieldsStage, structureByBatches } from "./stages";
import type { DocumentStructure, SchemaField } from "./types";

/** The deterministic engine: every stage of stages.ts over the pages as one batch. */
export function extractStructure(options: { pages: Page[]; schema?: SchemaField[] }): DocumentStructure {
  const { pages, schema } = options;
  // All the pages as one batch; dates take one order for the whole document ("03/01/2018" means the same day wherever it is printed).
  const builder = structureByBatches(pages.map((page) => page.text));
  builder.add(pages);
  const structure = builder.finish();
  return schema ? schemaFieldsStage({ structure, schema, pages, dateOrder: builder.dateOrder }) : structure;
}
