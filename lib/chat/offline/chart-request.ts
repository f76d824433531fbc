import { parseNumber } from "@/lib/extraction/entities/normalise-values";
import type { ChartSpec } from "../charts/chart-spec";
import { queryTerms } from "../knowledge/knowledge-index";
import type { ChatDocument, StoredTable } from "../scope/chat-document";

/** "chart of …", "plot the …", "pie chart of …", "graph of …". */
export function looksLikeChartRequest(question: string): boolean {
  return /\b(chart|plot|graph|visuali[sz]e)\b/i.test(question);
}

export interface TableChart {
  documentIndex: number;
  table: StoredTable;
  spec: ChartSpec;
}

/** "amounts" names the column "Amount", "total" the column "Total EUR". */
const namesColumn = (terms: string[], header: string) => {
  const words = header
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2);
  return terms.some((term) => words.some((word) => term.startsWith(word) || word.startsWith(term)));
};

const isNumeric = (cell: string) => cell.trim() !== "" && parseNumber(cell) !== null;

/**
 * A chart of the table the request is about: the table whose cells share most words with the
 * request, its first text column as labels, and the numeric column the request names (or its first
 * numeric column) as the series. Null when no table of the scope has a numeric column.
 */
export function chartFromTables(question: string, documents: ChatDocument[]): TableChart | null {
  const terms = queryTerms(question).filter(
    (term) => !/^(chart|plot|graph|bar|line|pie|scatter|draw|make|visuali[sz]e)$/.test(term),
  );
  const wantedType = (/\b(bar|line|pie|scatter)\b/i.exec(question)?.[1]?.toLowerCase() ?? "bar") as ChartSpec["type"];
  let best: (TableChart & { score: number }) | null = null;
  for (const [documentIndex, document] of documents.entries()) {
    for (const table of document.tables) {
      const [header, ...body] = table.rows;
      if (!header || body.length === 0) continue;
      const columns = header.map((_, column) => body.map((row) => row[column] ?? ""));
      const numeric = columns.map((cells) => cells.filter(isNumeric).length >= Math.max(1, cells.length * 0.6));
      const labelColumn = numeric.findIndex((isNumber) => !isNumber);
      const named = header.findIndex((cell, column) => numeric[column] && namesColumn(terms, cell));
      const valueColumn =
        named >= 0 ? named : numeric.findIndex((isNumber, column) => isNumber && column !== labelColumn);
      if (valueColumn < 0) continue;
      const text = table.rows.flat().join(" ").toLowerCase();
      const score = terms.filter((term) => text.includes(term)).length + (named >= 0 ? 2 : 0);
      if (best && best.score >= score) continue;
      const rows = body.filter((row) => isNumeric(row[valueColumn] ?? ""));
      const x = rows.map((row, index) =>
        labelColumn >= 0 ? row[labelColumn] || `Row ${index + 1}` : `Row ${index + 1}`,
      );
      const type = wantedType === "scatter" ? "bar" : wantedType;
      const name = header[valueColumn] || "Value";
      best = {
        documentIndex,
        table,
        score,
        spec: {
          type,
          title: `${name} by ${labelColumn >= 0 ? header[labelColumn] || "row" : "row"} (${document.name})`,
          x,
          series: [{ name, values: rows.map((row) => parseNumber(row[valueColumn])) }],
        },
      };
    }
  }
  return best ? { documentIndex: best.documentIndex, table: best.table, spec: best.spec } : null;
}
