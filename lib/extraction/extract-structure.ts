import type { Page } from "@/lib/pages/types";
import { extractSchemaFields } from "./fields/schema-fields";
import { structureByBatches } from "./stages";
import type { DocumentStructure, SchemaField } from "./types";

/** The deterministic engine: structure from pages by layout, patterns and typed matching. */
export function extractStructure(options: { pages: Page[]; schema?: SchemaField[] }): DocumentStructure {
  const { pages } = options;
  // All the pages as one batch; dates take one order for the whole document ("03/01/2018" means the same day wherever it is printed).
  const builder = structureByBatches(pages.map((page) => page.text));
  builder.add(pages);
  const structure = builder.finish();
  if (options.schema) {
    const { keyValuePairs, entities } = structure;
    const details = extractSchemaFields(options.schema, pages, keyValuePairs, entities, builder.dateOrder);
    structure.fieldDetails = details;
    structure.fields = Object.fromEntries(details.map((detail) => [detail.name, detail.value]));
  }
  return structure;
}
