export { extractStructure } from "./extract-structure";
export { toCsv, toJson, toXml, type SerialisableResult } from "./serialise";
export { parseDate, parseNumber } from "./normalise-values";
export type * from "./types";
