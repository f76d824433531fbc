/** Where the words a value was read from stand in the text, allowing any whitespace between them; null if not found. */
export function locateQuote(
  text: string,
  words: string[],
  near?: number,
): { start: number; end: number; quote: string } | null {
  const parts = words.map((word) => word.trim()).filter(Boolean);
  if (parts.length === 0) return null;
  const pattern = new RegExp(parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+"), "gu");
  let best: { start: number; end: number } | null = null;
  for (const match of text.matchAll(pattern)) {
    const candidate = { start: match.index, end: match.index + match[0].length };
    if (!best || (near !== undefined && Math.abs(candidate.start - near) < Math.abs(best.start - near)))
      best = candidate;
    if (near === undefined) break;
  }
  return best ? { ...best, quote: text.slice(best.start, best.end) } : null;
}
