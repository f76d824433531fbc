import type { Box } from "@/lib/pages/types";
import { parseNumber } from "@/lib/extraction/entities/normalise-values";
import type { ChatDocument } from "../scope/chat-document";

/** A value of a document that a template field could take: under a label, or the one value of a table column. */
export interface ValueCandidate {
  label: string;
  value: string;
  page: number;
  box: Box | null;
  confidence: number;
  kind: "key_value" | "table_column";
}

/** The document's aggregated page data: every key-value, and table columns whose body is one value or numbers to total. */
export function documentCandidates(document: ChatDocument): ValueCandidate[] {
  const pairs = document.pairs.map((pair) => ({
    label: pair.key,
    value: pair.value,
    page: pair.page,
    box: pair.valueBox ?? null,
    confidence: pair.confidence,
    kind: "key_value" as const,
  }));
  const columns = document.tables.flatMap((table) => {
    const [header, ...body] = table.rows;
    if (!header || body.length !== 1) return [];
    // A one-row table is a record: each header labels the value under it.
    return header.flatMap((label, column) => {
      const value = body[0][column]?.trim();
      return label.trim() && value
        ? [{ label, value, page: table.page, box: table.box ?? null, confidence: 0.8, kind: "table_column" as const }]
        : [];
    });
  });
  return [...pairs, ...columns].filter(
    (candidate) =>
      candidate.value.trim() !== "" &&
      (candidate.kind !== "table_column" || parseNumber(candidate.value) !== null || candidate.value.length < 100),
  );
}
