import { neutraliseFormula } from "@/lib/spreadsheet/neutralise-formula";
import type { ExtractedTable } from "../types";

// Serialisers for extraction results. CSV: one section per kind (fields, then each table), cells
// quoted per RFC 4180. XML: element names made safe, text escaped.

export interface SerialisableResult {
  fields?: Record<string, string | null>;
  /** Only page and rows are rendered; extraction results pass their full tables. */
  tables?: Pick<ExtractedTable, "page" | "rows">[];
  [key: string]: unknown;
}

export function toJson(result: SerialisableResult): string {
  return JSON.stringify(result, null, 2);
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = neutraliseFormula(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRows(rows: unknown[][]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n");
}

export function toCsv(result: SerialisableResult): string {
  const sections: string[] = [];
  if (result.fields) sections.push(csvRows([["field", "value"], ...Object.entries(result.fields)]));
  (result.tables ?? []).forEach((table, index) => {
    sections.push(csvRows([[`table ${index + 1}`, `page ${table.page}`], ...table.rows]));
  });
  return sections.join("\r\n\r\n") + "\r\n";
}

function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function elementName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.-]/g, "_");
  return /^[A-Za-z_]/.test(cleaned) && !/^xml/i.test(cleaned) ? cleaned : `_${cleaned}`;
}

function toXmlValue(name: string, value: unknown, indent: string): string {
  const tag = elementName(name);
  if (value === null || value === undefined) return `${indent}<${tag}/>`;
  if (Array.isArray(value)) {
    const item = name === "rows" ? "row" : name === "row" ? "cell" : "item";
    return `${indent}<${tag}>\n${value.map((entry) => toXmlValue(Array.isArray(entry) ? "row" : item, entry, indent + "  ")).join("\n")}\n${indent}</${tag}>`;
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (name === "fields") {
      return `${indent}<fields>\n${entries.map(([key, entry]) => `${indent}  <field name="${escapeXml(key)}">${entry === null ? "" : escapeXml(String(entry))}</field>`).join("\n")}\n${indent}</fields>`;
    }
    return `${indent}<${tag}>\n${entries.map(([key, entry]) => toXmlValue(key, entry, indent + "  ")).join("\n")}\n${indent}</${tag}>`;
  }
  return `${indent}<${tag}>${escapeXml(String(value))}</${tag}>`;
}

export function toXml(result: SerialisableResult, rootName = "extraction"): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${toXmlValue(rootName, result, "")}\n`;
}
