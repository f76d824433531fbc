// Text that every format can carry. JavaScript strings may hold a lone UTF-16 surrogate (half of a
// pair, e.g. "\ud800"), which is no character at all: PostgreSQL's jsonb refuses it and no UTF-8 file
// can hold it. U+FFFE and U+FFFF are noncharacters that XML 1.0 and YAML forbid. Each becomes U+FFFD
// (the replacement character), once where text enters, and again in the writers for text that came
// from elsewhere (a document's own text layer).

/** The text with lone surrogates and U+FFFE/U+FFFF replaced by U+FFFD. */
export function wellFormedText(text: string): string {
  return text.toWellFormed().replace(/[\uFFFE\uFFFF]/g, "\uFFFD");
}

/**
 * Every string in a parsed JSON value, keys included, made well-formed in place; the value itself
 * when it is a string. Walked without recursion (the depth is checked before this runs).
 */
export function wellFormedStrings(value: unknown): unknown {
  if (typeof value === "string") return wellFormedText(value);
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== "object") continue;
    if (Array.isArray(current)) {
      current.forEach((item, index) => {
        if (typeof item === "string") current[index] = wellFormedText(item);
        else stack.push(item);
      });
      continue;
    }
    const record = current as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      const cleanKey = wellFormedText(key);
      if (cleanKey !== key) {
        delete record[key];
        record[cleanKey] = item;
      }
      if (typeof item === "string") record[cleanKey] = wellFormedText(item);
      else stack.push(item);
    }
  }
  return value;
}
