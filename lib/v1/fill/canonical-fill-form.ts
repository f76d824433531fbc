/** Validated parameters as FormData in a fixed order: files by part, other values as JSON text. */
export function canonicalFillForm(parameters: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const name of Object.keys(parameters).sort()) {
    const value = parameters[name];
    const values = Array.isArray(value) && value.every((entry) => entry instanceof File) ? value : [value];
    for (const entry of values) data.append(name, entry instanceof File ? entry : JSON.stringify(entry ?? null));
  }
  return data;
}
