import { explicitLevels, isIsolateEnd, isIsolateStart, isRemovedControl } from "./explicit-levels";

/**
 * Embedding levels for one line of text, after the Unicode Bidirectional Algorithm (UAX #9): the
 * paragraph direction from the first strong character (P2–P3), explicit embeddings, overrides and
 * isolates (X1–X9, see explicit-levels.ts; each run of one level is resolved on its own, so text on
 * both sides of an isolate is not one sequence as X10 would make it), Arabic-context numbers (W2),
 * separators inside numbers and terminators next to them (W4–W6), European numbers after Latin (W7),
 * neutrals between two runs of one direction taking it and others the embedding's (N1–N2), and the
 * implicit levels (I1–I2). Enough for Arabic or Hebrew with numbers, punctuation and Latin words.
 */

/** Strong, number, number separator (CS, ES), number terminator (ET) and other neutral classes. */
type BidiClass = "L" | "R" | "AL" | "EN" | "AN" | "CS" | "ES" | "ET" | "N";

function classOf(codePoint: number): BidiClass {
  if (codePoint >= 0x30 && codePoint <= 0x39) return "EN";
  if (",.:/\u00a0".includes(String.fromCodePoint(codePoint))) return "CS";
  if (codePoint === 0x2b || codePoint === 0x2d) return "ES";
  if (/[#%$\u00a2-\u00a5\u00b0\u066a\u20a0-\u20cf]/u.test(String.fromCodePoint(codePoint))) return "ET";
  if ((codePoint >= 0x660 && codePoint <= 0x669) || (codePoint >= 0x6f0 && codePoint <= 0x6f9))
    return codePoint >= 0x6f0 ? "EN" : "AN";
  if ((codePoint >= 0x590 && codePoint <= 0x5ff) || (codePoint >= 0xfb1d && codePoint <= 0xfb4f)) return "R";
  if (
    (codePoint >= 0x600 && codePoint <= 0x6ff) ||
    (codePoint >= 0x700 && codePoint <= 0x8ff) ||
    (codePoint >= 0xfb50 && codePoint <= 0xfdff) ||
    (codePoint >= 0xfe70 && codePoint <= 0xfeff)
  )
    return /\p{M}/u.test(String.fromCodePoint(codePoint)) ? "N" : "AL";
  return /[\p{L}\p{Mc}]/u.test(String.fromCodePoint(codePoint)) ? "L" : "N";
}

const isStrongRight = (type: BidiClass) => type === "R" || type === "AL";

/** Whether the paragraph runs right to left: its first strong character outside isolates is Hebrew or Arabic. */
export function isRightToLeft(codePoints: number[]): boolean {
  let isolates = 0;
  for (const codePoint of codePoints) {
    if (isIsolateStart(codePoint)) isolates++;
    else if (isIsolateEnd(codePoint) && isolates > 0) isolates--;
    if (isolates > 0) continue;
    const type = classOf(codePoint);
    if (type === "L") return false;
    if (isStrongRight(type)) return true;
  }
  return false;
}

/** One level per code point: even runs left to right, odd right to left. */
export function bidiLevels(codePoints: number[], baseLevel: 0 | 1): number[] {
  const explicit = explicitLevels(codePoints, baseLevel, isRightToLeft);
  const levels = [...explicit.levels];
  const kept = codePoints.flatMap((codePoint, index) => (isRemovedControl(codePoint) ? [] : [index]));
  const direction = (level: number): "L" | "R" => (level % 2 ? "R" : "L");
  for (let start = 0; start < kept.length;) {
    const level = explicit.levels[kept[start]];
    let end = start;
    while (end < kept.length && explicit.levels[kept[end]] === level) end++;
    // A run's ends take the direction of the higher of its level and its neighbour's (X10).
    const before = start > 0 ? explicit.levels[kept[start - 1]] : baseLevel;
    const after = end < kept.length ? explicit.levels[kept[end]] : baseLevel;
    const indexes = kept.slice(start, end);
    const resolved = resolveRun(
      indexes.map((index) => explicit.overrides[index] ?? classOf(codePoints[index])),
      level,
      direction(Math.max(level, before)),
      direction(Math.max(level, after)),
    );
    indexes.forEach((index, position) => (levels[index] = resolved[position]));
    start = end;
  }
  return levels;
}

/** The implicit rules (W, N, I) over one run of one explicit level, `sos` and `eos` the directions at its ends. */
function resolveRun(types: BidiClass[], level: number, sos: "L" | "R", eos: "L" | "R"): number[] {
  let lastStrong: BidiClass = sos;
  for (let index = 0; index < types.length; index++) {
    const type = types[index];
    if (type === "L" || type === "R" || type === "AL") lastStrong = type;
    else if (type === "EN" && lastStrong === "AL") types[index] = "AN";
  }
  // W4: one separator between two numbers of a kind joins them (25.50, 1,000, 3-4); W5: terminators next to a European number join it (25%, $5).
  for (let index = 1; index < types.length - 1; index++) {
    const [before, type, after] = [types[index - 1], types[index], types[index + 1]];
    if (before !== after || (before !== "EN" && before !== "AN")) continue;
    if (type === "CS" || (type === "ES" && before === "EN")) types[index] = before;
  }
  for (let index = 0; index < types.length; index++) {
    if (types[index] !== "EN") continue;
    for (let back = index - 1; back >= 0 && types[back] === "ET"; back--) types[back] = "EN";
    for (let ahead = index + 1; ahead < types.length && types[ahead] === "ET"; ahead++) types[ahead] = "EN";
  }
  // W6: separators and terminators left over are neutral; W7: European numbers after Latin are Latin.
  lastStrong = sos;
  for (let index = 0; index < types.length; index++) {
    const type = types[index];
    if (type === "CS" || type === "ES" || type === "ET") types[index] = "N";
    else if (type === "L" || type === "R" || type === "AL") lastStrong = type;
    else if (type === "EN" && lastStrong === "L") types[index] = "L";
  }
  // Direction for neutral resolution: numbers count as right to left (N1).
  const direction = (type: BidiClass): "L" | "R" | null => (type === "L" ? "L" : type === "N" ? null : "R");
  const embedding = level % 2 ? "R" : "L";
  for (let index = 0; index < types.length;) {
    if (types[index] !== "N") {
      index++;
      continue;
    }
    let end = index;
    while (end < types.length && types[end] === "N") end++;
    const before = index > 0 ? direction(types[index - 1]) : sos;
    const after = end < types.length ? direction(types[end]) : eos;
    const resolved = before === after ? before! : embedding;
    for (let neutral = index; neutral < end; neutral++) types[neutral] = resolved;
    index = end;
  }
  return types.map((type) => {
    if (level % 2 === 0) return level + (type === "L" ? 0 : type === "R" || type === "AL" ? 1 : 2);
    return level + (type === "R" || type === "AL" ? 0 : 1);
  });
}

/** The visual order of items with these levels (rule L2): runs reversed from the highest level down to the lowest odd one. */
export function visualOrder(levels: number[]): number[] {
  const order = levels.map((_, index) => index);
  if (levels.length === 0) return order;
  const highest = Math.max(...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let index = 0; index < order.length;) {
      if (levels[order[index]] < level) {
        index++;
        continue;
      }
      let end = index;
      while (end < order.length && levels[order[end]] >= level) end++;
      order.splice(index, end - index, ...order.slice(index, end).reverse());
      index = end;
    }
  }
  return order;
}

const MIRRORED: Record<string, string> = {
  "(": ")",
  ")": "(",
  "[": "]",
  "]": "[",
  "{": "}",
  "}": "{",
  "<": ">",
  ">": "<",
  "«": "»",
  "»": "«",
};

/** A character drawn right to left that has a mirrored form (brackets) takes it (rule L4). */
export function mirrored(char: string): string {
  return MIRRORED[char] ?? char;
}
