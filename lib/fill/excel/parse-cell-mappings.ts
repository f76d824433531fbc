import { AppError } from "@/lib/errors/app-error";
import type { CellWrite } from "./cell-writes";

const addressPattern = /^(?:(?:'((?:[^']|'')+)'|([^!]+))!)?\$?([A-Z]{1,3})\$?([1-9]\d{0,6})$/i;

/**
 * cell_mappings as sent ({"Sheet1!B3": "Acme", "C4": 12}) → cell writes. A key without a sheet
 * means the first sheet. Strings starting with "=" are written as text, never as formulas, so a
 * request cannot plant formulas in a workbook. Throws validation_error naming bad keys.
 */
export function parseCellMappings(mappings: Record<string, unknown>, sheetNames: string[]): CellWrite[] {
  const writes: CellWrite[] = [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(mappings)) {
    const match = key.trim().match(addressPattern);
    if (!match) {
      problems.push(`"${key}" is not a cell address like Sheet1!B3`);
      continue;
    }
    const sheetName = match[1]?.replace(/''/g, "'") ?? match[2];
    const sheet =
      sheetName === undefined
        ? sheetNames[0]
        : (sheetNames.find((name) => name === sheetName) ??
          sheetNames.find((name) => name.toLowerCase() === sheetName.toLowerCase()));
    if (!sheet) {
      problems.push(`"${key}": the workbook has no sheet "${sheetName}" (sheets: ${sheetNames.join(", ")})`);
      continue;
    }
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      problems.push(`"${key}": values must be strings, numbers or booleans`);
      continue;
    }
    writes.push({ sheet, cell: `${match[3].toUpperCase()}${match[4]}`, value, source: "cell_mappings", confidence: 1 });
  }
  if (problems.length > 0) throw new AppError("validation_error", `cell_mappings: ${problems.join("; ")}`);
  return writes;
}
