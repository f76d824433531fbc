/** Embedding controls (X2–X5, X7): LRE RLE PDF LRO RLO; isolates (X5a–X6a): LRI RLI FSI PDI. */
const [LRE, RLE, PDF, LRO, RLO] = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e];
const [LRI, RLI, FSI, PDI] = [0x2066, 0x2067, 0x2068, 0x2069];
const MAX_DEPTH = 125;

export const isIsolateStart = (codePoint: number) => codePoint === LRI || codePoint === RLI || codePoint === FSI;
export const isIsolateEnd = (codePoint: number) => codePoint === PDI;
/** Removed before the implicit rules (X9): embeddings, overrides and their end have no place in the text. */
export const isRemovedControl = (codePoint: number) => codePoint >= LRE && codePoint <= RLO;

interface Entry {
  level: number;
  override: "L" | "R" | null;
  isolate: boolean;
}

/**
 * The explicit level of each code point and the direction an override forces on it (X1–X8, without
 * the overflow counters: embeddings past depth 125 are ignored). `firstStrongIsRtl` decides an FSI
 * from the text it isolates (P2–P3). Controls keep the level around them; X9 then drops the embedding
 * ones and isolate marks count as neutrals.
 */
export function explicitLevels(
  codePoints: number[],
  baseLevel: 0 | 1,
  firstStrongIsRtl: (codePoints: number[]) => boolean,
): { levels: number[]; overrides: ("L" | "R" | null)[] } {
  const stack: Entry[] = [{ level: baseLevel, override: null, isolate: false }];
  const levels: number[] = [];
  const overrides: ("L" | "R" | null)[] = [];
  const push = (rightToLeft: boolean, override: Entry["override"], isolate: boolean) => {
    const top = stack.at(-1)!.level;
    const level = rightToLeft ? (top + 1) | 1 : (top + 2) & ~1;
    // Past the deepest level an isolate still needs its entry, so its PDI finds it.
    stack.push(level <= MAX_DEPTH ? { level, override, isolate } : { level: top, override: null, isolate });
  };
  codePoints.forEach((codePoint, index) => {
    if (isIsolateEnd(codePoint) && stack.some((entry) => entry.isolate)) {
      while (!stack.pop()!.isolate);
    }
    const current = stack.at(-1)!;
    levels.push(current.level);
    overrides.push(isIsolateStart(codePoint) || isIsolateEnd(codePoint) ? null : current.override);
    if (codePoint === RLE || codePoint === LRE || codePoint === RLO || codePoint === LRO) {
      const override = codePoint === RLO ? "R" : codePoint === LRO ? "L" : null;
      push(codePoint === RLE || codePoint === RLO, override, false);
    } else if (codePoint === PDF) {
      if (stack.length > 1 && !current.isolate) stack.pop();
    } else if (isIsolateStart(codePoint)) {
      const rightToLeft = codePoint === RLI || (codePoint === FSI && firstStrongIsRtl(isolated(codePoints, index + 1)));
      push(rightToLeft, null, true);
    }
  });
  return { levels, overrides };
}

/** The code points from `start` up to the PDI that closes the isolate opened just before it. */
function isolated(codePoints: number[], start: number): number[] {
  let depth = 1;
  for (let index = start; index < codePoints.length; index++) {
    if (isIsolateStart(codePoints[index])) depth++;
    else if (isIsolateEnd(codePoints[index]) && --depth === 0) return codePoints.slice(start, index);
  }
  return codePoints.slice(start);
}
