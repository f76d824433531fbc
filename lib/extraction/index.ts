export { extractStructure } from "./extract-structure";
export { toCsv, toJson, toXml, type SerialisableResult } from "./output/serialise";
export { parseDate, parseNumber } from "./entities/normalise-values";
export type * from "./types";
export { OUTPUT_FORMATS, OUTPUT_FORMAT_NAMES, serialiseAs, type OutputFormatName } from "./output/output-formats";
export { toMarkdown, toText, toYaml } from "./output/serialise-text";
