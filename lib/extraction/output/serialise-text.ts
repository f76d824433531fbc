import { stringify } from "yaml";
import type { SerialisableResult } from "./serialise";

// YAML, Markdown and plain text renderings of an extraction result (beside JSON, CSV and XML in
// serialise.ts). They read the same fields: fields, tables, and, for a converted document, its
// key_values and pages.

interface ConvertedParts {
  file_name?: unknown;
  key_values?: { key: string; value: string; page?: number }[];
  pages?: {
    page_number: number;
    text: string;
    key_values?: { key: string; value: string }[];
    tables?: { rows: string[][] }[];
  }[];
}

export function toYaml(result: SerialisableResult): string {
  // No aliases: every repeated value is written out, so any YAML reader loads the same object as the JSON.
  return stringify(result, { aliasDuplicateObjects: false, lineWidth: 0 });
}

/**
 * Document text as Markdown that shows it and does nothing else: HTML (`<script>`, `<img>`) becomes
 * text by escaping `<`, `>` and `&` as entities, and link and image syntax (`[x](javascript:…)`,
 * `![](https://tracker/…)`) by escaping its brackets, as the XML and HTML outputs escape their markup.
 */
function markdownText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[\\[\]!`]/g, (sign) => `\\${sign}`);
}

function markdownCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return markdownText(text).replace(/\|/g, "\\|").replace(/\r?\n/g, "<br>").trim();
}

function markdownTable(rows: unknown[][]): string {
  const columns = Math.max(...rows.map((row) => row.length), 1);
  const line = (row: unknown[]) =>
    `| ${Array.from({ length: columns }, (_, index) => markdownCell(row[index])).join(" | ")} |`;
  const [header, ...body] = rows;
  return [line(header ?? []), `|${" --- |".repeat(columns)}`, ...body.map(line)].join("\n");
}

/** GFM: a heading per page with its text, key-values as a two-column table, tables as tables (| escaped); all text escaped (see markdownText). */
export function toMarkdown(result: SerialisableResult): string {
  const parts = result as SerialisableResult & ConvertedParts;
  const out: string[] = [`# ${markdownCell(parts.file_name ?? "Extraction")}`];
  if (parts.pages) {
    for (const page of parts.pages) {
      out.push(
        `## Page ${page.page_number}`,
        page.text.trim() ? markdownText(page.text.trim()).replace(/\n/g, "  \n") : "_(no text)_",
      );
      if (page.key_values && page.key_values.length > 0)
        out.push(
          "### Key-values",
          markdownTable([["Key", "Value"], ...page.key_values.map((pair) => [pair.key, pair.value])]),
        );
      page.tables?.forEach((table, index) => out.push(`### Table ${index + 1}`, markdownTable(table.rows)));
    }
  } else {
    if (result.fields) out.push("## Fields", markdownTable([["Field", "Value"], ...Object.entries(result.fields)]));
    result.tables?.forEach((table, index) =>
      out.push(`## Table ${index + 1} (page ${table.page})`, markdownTable(table.rows)),
    );
  }
  return out.join("\n\n") + "\n";
}

/** Plain text: the pages' text, then key-values as "key: value" and tables as tab-separated rows. */
export function toText(result: SerialisableResult): string {
  const parts = result as SerialisableResult & ConvertedParts;
  const out: string[] = [];
  if (parts.pages) {
    for (const page of parts.pages) {
      const section = [`=== Page ${page.page_number} ===`, page.text.trim()];
      if (page.key_values && page.key_values.length > 0)
        section.push("", ...page.key_values.map((pair) => `${pair.key}: ${pair.value}`));
      page.tables?.forEach((table) => section.push("", ...table.rows.map((row) => row.join("\t"))));
      out.push(section.join("\n"));
    }
  } else {
    if (result.fields)
      out.push(
        Object.entries(result.fields)
          .map(([name, value]) => `${name}: ${value ?? ""}`)
          .join("\n"),
      );
    result.tables?.forEach((table) => out.push(table.rows.map((row) => row.join("\t")).join("\n")));
  }
  return out.join("\n\n") + "\n";
}
