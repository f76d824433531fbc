import { extractStructure } from "@/lib/extraction/extract-structure";
import type { ExtractedTable, KeyValuePair } from "@/lib/extraction/types";
import { conceptAcceptsValue, conceptOf } from "../match/field-concepts";
import { labelMatchScore } from "../match/match-label";
import type { SourceDocument } from "../map/source-document";
import { cellValueOf, type CellWrite, type TableWrite } from "./cell-writes";
import type { LabelSlot, TableSlot } from "./template-slots";

// Smart fill: each label slot takes the source key-value pair whose key means the same as its
// label (any language, shape-checked); each table region takes the source table whose header
// matches most of its columns, line items row by row.

const minLabelScore = 0.6;

function bestPairFor(
  slot: LabelSlot,
  sources: Array<{ source: SourceDocument; pairs: KeyValuePair[] }>,
): CellWrite | undefined {
  const concept = conceptOf(slot.label)?.concept;
  let best: { write: CellWrite; score: number } | undefined;
  for (const { source, pairs } of sources) {
    for (const pair of pairs) {
      // A label left blank on the source (empty value) has nothing to write.
      if (!pair.value.trim()) continue;
      const score = labelMatchScore([slot.label], pair.key);
      if (score < minLabelScore || (concept && !conceptAcceptsValue(concept, pair.value))) continue;
      const confidence = Math.round(score * (0.4 + 0.6 * pair.confidence) * 100) / 100;
      if (best && confidence <= best.write.confidence) continue;
      best = {
        score,
        write: {
          sheet: slot.sheet,
          cell: slot.valueCell,
          value: cellValueOf(pair.value),
          source: `${source.fileName} page ${pair.page}: "${pair.key}: ${pair.value}"`,
          confidence,
        },
      };
    }
  }
  return best?.write;
}

function tableFor(
  slot: TableSlot,
  sources: Array<{ source: SourceDocument; tables: ExtractedTable[] }>,
): TableWrite | undefined {
  let best: { write: TableWrite; matched: number } | undefined;
  for (const { source, tables } of sources) {
    for (const table of tables) {
      const [header, ...body] = table.rows;
      if (!header || body.length === 0) continue;
      const mapping = new Map<number, { index: number; score: number }>();
      for (const column of slot.columns) {
        header.forEach((text, index) => {
          const score = labelMatchScore([column.header], text);
          const current = mapping.get(column.column);
          if (score >= minLabelScore && (!current || score > current.score))
            mapping.set(column.column, { index, score });
        });
      }
      const needed = Math.min(2, slot.columns.length);
      if (mapping.size < needed || (best && mapping.size <= best.matched)) continue;
      const rows = body
        .filter((row) => row.some((cell) => cell.trim() !== ""))
        .map((row) =>
          Object.fromEntries([...mapping].map(([column, { index }]) => [column, cellValueOf(row[index] ?? "")])),
        );
      const meanScore = [...mapping.values()].reduce((sum, entry) => sum + entry.score, 0) / mapping.size;
      best = {
        matched: mapping.size,
        write: {
          sheet: slot.sheet,
          headerRow: slot.headerRow,
          firstRow: slot.firstRow,
          rowCount: slot.rowCount,
          rows,
          source: `${source.fileName} page ${table.page}: table with columns ${header.map((text) => `"${text}"`).join(", ")}`,
          confidence: Math.round(meanScore * (mapping.size / slot.columns.length) * 100) / 100,
        },
      };
    }
  }
  return best?.write;
}

/** Cell and table writes for a template's slots from the source documents. */
export function planSmartFill(options: { labels: LabelSlot[]; tables: TableSlot[]; sources: SourceDocument[] }): {
  cells: CellWrite[];
  tables: TableWrite[];
} {
  const structured = options.sources.map((source) => {
    const structure = extractStructure({ pages: source.pages });
    return { source, pairs: structure.keyValuePairs, tables: structure.tables };
  });
  const cells = options.labels.flatMap((slot) => bestPairFor(slot, structured) ?? []);
  const tables = options.tables.flatMap((slot) => tableFor(slot, structured) ?? []);
  return { cells, tables };
}
