/** Levenshtein distance over the shorter and longer string, 0 (same, any case) to 1 (nothing alike). */
export function wordDistance(a: string, b: string): number {
  const [left, right] = [a.toLowerCase(), b.toLowerCase()];
  if (left === right) return 0;
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++)
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (left[i - 1] === right[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[right.length] / Math.max(left.length, right.length, 1);
}

/** A correction keeps about a word's length: words much longer than the other are not its correction ("Ltd" in "EDITED"). */
function correctionDistance(a: string, b: string): number {
  const ratio = Math.min(a.length, b.length) / Math.max(a.length, b.length, 1);
  return ratio < 0.6 ? 1 : wordDistance(a, b);
}

/** Beyond this many old × new words a run is divided, not searched for corrections. */
const maxPairingCells = 10_000;

/**
 * Inside a run of replaced words, which new word corrects which old one ("M8" → "M10" in "M8" →
 * "M10 stainless"): the order-keeping pairing with the least total distance, where leaving a word
 * unpaired costs 0.35, so only words closer than 0.7 are paired (M8/M10 is 0.67; unrelated words of
 * a line are 0.8 or more apart). Answers [oldIndex, newIndex] pairs in order; none when the run is too
 * long to search.
 */
export function pairSimilarWords(oldWords: string[], newWords: string[]): Array<[number, number]> {
  if (oldWords.length * newWords.length > maxPairingCells) return [];
  const unpaired = 0.35;
  const rows = oldWords.length + 1;
  const columns = newWords.length + 1;
  const cost = new Float64Array(rows * columns);
  const at = (i: number, j: number) => i * columns + j;
  for (let i = 0; i < rows; i++) cost[at(i, 0)] = i * unpaired;
  for (let j = 0; j < columns; j++) cost[at(0, j)] = j * unpaired;
  for (let i = 1; i < rows; i++)
    for (let j = 1; j < columns; j++)
      cost[at(i, j)] = Math.min(
        cost[at(i - 1, j - 1)] + correctionDistance(oldWords[i - 1], newWords[j - 1]),
        cost[at(i - 1, j)] + unpaired,
        cost[at(i, j - 1)] + unpaired,
      );
  const pairs: Array<[number, number]> = [];
  let [i, j] = [oldWords.length, newWords.length];
  while (i > 0 && j > 0) {
    const distance = correctionDistance(oldWords[i - 1], newWords[j - 1]);
    // Ties go to leaving words unpaired.
    if (cost[at(i, j)] === cost[at(i - 1, j)] + unpaired) i--;
    else if (cost[at(i, j)] === cost[at(i, j - 1)] + unpaired) j--;
    else if (distance < 2 * unpaired) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else {
      i--;
      j--;
    }
  }
  return pairs.reverse();
}
