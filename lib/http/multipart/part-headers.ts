/** What a form part's headers say: its field name, a file's name (null for a text field), its type. */
export interface PartHeaders {
  name: string;
  filename: string | null;
  contentType: string | null;
}

/**
 * A part's header block (decoded as UTF-8, which is how browsers send names) read as the fetch
 * standard's form parser reads it: Content-Disposition `form-data` with a `name` and maybe a
 * `filename`, whose quotes browsers escape as %22 and line breaks as %0D/%0A; `filename*` in
 * RFC 5987 form (UTF-8''…) is decoded too. Undefined when there is no name.
 */
export function parsePartHeaders(block: string): PartHeaders | undefined {
  let name: string | undefined;
  let filename: string | null = null;
  let contentType: string | null = null;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon === -1) return undefined;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === "content-type") contentType = value;
    if (header !== "content-disposition") continue;
    const parameters = dispositionParameters(value);
    if (!parameters) return undefined;
    name = parameters.get("name");
    filename = parameters.get("filename") ?? null;
    const extended = parameters.get("filename*");
    if (extended !== undefined) filename = decodeExtendedValue(extended) ?? extended;
  }
  if (name === undefined) return undefined;
  // A file's type as the standard parser gives it: text/plain when unsaid, empty when not ASCII.
  if (filename !== null) contentType = /^[\x20-\x7e]*$/.test(contentType ?? "") ? (contentType ?? "text/plain") : "";
  return { name, filename, contentType };
}

/** The parameters of a `form-data; name="…"; filename="…"` value; undefined when it is not form-data. */
function dispositionParameters(value: string): Map<string, string> | undefined {
  const type = /^form-data\s*(?:;|$)/i.exec(value);
  if (!type) return undefined;
  const parameters = new Map<string, string>();
  const pattern = /\s*([^\s=;]+)\s*=\s*(?:"([^"]*)"|([^;]*))\s*(?:;|$)/y;
  pattern.lastIndex = type[0].length;
  while (pattern.lastIndex < value.length) {
    const match = pattern.exec(value);
    if (!match) return undefined;
    const [, key, quoted, bare] = match;
    const text = quoted !== undefined ? unescapeQuoted(quoted) : bare.trim();
    parameters.set(key.toLowerCase(), text);
  }
  return parameters;
}

const unescapeQuoted = (text: string) => text.replace(/%0A/gi, "\n").replace(/%0D/gi, "\r").replace(/%22/g, '"');

/** An RFC 5987 value (`UTF-8''name%20with%20spaces`) decoded; undefined when it is not one. */
function decodeExtendedValue(value: string): string | undefined {
  const match = /^utf-8'[^']*'(.*)$/i.exec(value);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
