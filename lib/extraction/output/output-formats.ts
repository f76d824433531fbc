import { wellFormedStrings } from "@/lib/text/well-formed-text";
import { toCsv, toJson, toXml, type SerialisableResult } from "./serialise";
import { toMarkdown, toText, toYaml } from "./serialise-text";

/** One serialiser per output format, shared by /v1/extract's output_format and the convert endpoints. */
export const OUTPUT_FORMATS = {
  json: { contentType: "application/json; charset=utf-8", extension: "json", serialise: toJson },
  xml: {
    contentType: "application/xml; charset=utf-8",
    extension: "xml",
    serialise: (result: SerialisableResult) => toXml(result),
  },
  csv: { contentType: "text/csv; charset=utf-8", extension: "csv", serialise: toCsv },
  yaml: { contentType: "application/yaml; charset=utf-8", extension: "yaml", serialise: toYaml },
  markdown: { contentType: "text/markdown; charset=utf-8", extension: "md", serialise: toMarkdown },
  text: { contentType: "text/plain; charset=utf-8", extension: "txt", serialise: toText },
} as const;

export type OutputFormatName = keyof typeof OUTPUT_FORMATS;
export const OUTPUT_FORMAT_NAMES = Object.keys(OUTPUT_FORMATS) as OutputFormatName[];

/**
 * The result in `format`. Its text is made well-formed first (no lone surrogate, no U+FFFE/U+FFFF):
 * text from a document's own text layer never passed the route kit, and XML and YAML readers refuse those.
 */
export function serialiseAs(format: OutputFormatName, result: SerialisableResult, rootName?: string): string {
  const clean = wellFormedStrings(structuredClone(result)) as SerialisableResult;
  return format === "xml" ? toXml(clean, rootName) : OUTPUT_FORMATS[format].serialise(clean);
}
