export { extractStructure } from "./extract-structure";
export { toCsv, toJson, toXml, type SerialisableResult } from "./serialise";
export { parseDate, parseNumber } from "./normalise-values";
export type * from "./types";
export { OUTPUT_FORMATS, OUTPUT_FORMAT_NAMES, serialiseAs, type OutputFormatName } from "./output-formats";
export { toMarkdown, toText, toYaml } from "./serialise-text";
