/**
 * "name = value" lines, as a person types field or cell values, to the JSON object the fill API takes.
 * Blank lines are skipped; a line without "=" is reported by its number so the person can fix it.
 */
export function parseValueLines(text: string): { values: Record<string, string>; error?: string } {
  const values: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const separator = line.indexOf("=");
    const name = separator > 0 ? line.slice(0, separator).trim() : "";
    if (!name) return { values, error: `Line ${index + 1} needs the form "name = value".` };
    values[name] = line.slice(separator + 1).trim();
  }
  return { values };
}

/** Values a person changed in review, keyed by field name or cell address, beside earlier mappings. */
export function changedValues(
  rows: Array<{ key: string; original: string; edited: string }>,
  earlier: Record<string, string>,
): Record<string, string> {
  const changed = { ...earlier };
  for (const row of rows) if (row.edited !== row.original) changed[row.key] = row.edited;
  return changed;
}
