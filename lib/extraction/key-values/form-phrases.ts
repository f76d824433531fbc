import type { Page, Word } from "@/lib/pages/types";
import { boxGap, joinFeatures, linkFeatures, type Phrase, phraseOf, stackFeatures } from "./form-link-features";

// The candidates each form-link decision is taken on, and how the decisions build phrases: a
// line's words split where the join model says a phrase ends, phrases stacked where the stack model
// says one continues under the other, then every phrase paired with the phrases near it that could
// answer it. The same code lists candidates for training (scripts/train-form-links.ts) and for
// reading a page (form-links.ts), so the model is fitted on exactly what it later sees.

export interface JoinCandidate {
  left: Word;
  right: Word;
  features: number[];
}

/** Every pair of neighbouring words on every line of the page. */
export function joinCandidates(page: Page, unit: number): JoinCandidate[] {
  return page.lines.flatMap((line) => {
    const words = page.words.slice(line.firstWord, line.firstWord + line.wordCount);
    return words.slice(1).map((right, index) => ({
      left: words[index],
      right,
      features: joinFeatures(page, words[index], right, unit),
    }));
  });
}

/** A line's words cut into runs wherever `joined` says the next word starts a new phrase. */
export function lineRuns(page: Page, joined: (left: Word, right: Word) => boolean): Phrase[] {
  return page.lines.flatMap((line) => {
    const words = page.words.slice(line.firstWord, line.firstWord + line.wordCount);
    const runs: Word[][] = [];
    words.forEach((word, index) => {
      if (index > 0 && joined(words[index - 1], word)) runs.at(-1)!.push(word);
      else runs.push([word]);
    });
    return runs.filter((run) => run.some((word) => /[\p{L}\p{N}]/u.test(word.text))).map((run) => phraseOf(page, run));
  });
}

const centreY = (phrase: Phrase) => (phrase.box.top + phrase.box.bottom) / 2;
const sameLine = (a: Phrase, b: Phrase) => {
  const overlap = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
  return overlap > 0.5 * Math.min(a.box.bottom - a.box.top, b.box.bottom - b.box.top);
};

export interface StackCandidate {
  upper: number;
  lower: number;
  features: number[];
}

/** Each run and the nearest run under it that overlaps it across, within two word heights. */
export function stackCandidates(runs: Phrase[], unit: number): StackCandidate[] {
  const mates = runs.map((run) => runs.filter((other) => other !== run && sameLine(run, other)).length);
  return runs.flatMap((upper, upperIndex) => {
    let best = -1;
    runs.forEach((lower, index) => {
      const gap = lower.box.top - upper.box.bottom;
      const across = Math.min(upper.box.right, lower.box.right) - Math.max(upper.box.left, lower.box.left);
      if (centreY(lower) <= upper.box.bottom || gap > 2 * unit || across <= 0) return;
      if (best < 0 || lower.box.top < runs[best].box.top) best = index;
    });
    if (best < 0) return [];
    return [
      {
        upper: upperIndex,
        lower: best,
        features: stackFeatures(upper, runs[best], unit, [mates[upperIndex], mates[best]]),
      },
    ];
  });
}

/** Runs joined into phrases along the accepted stack candidates (each run continues into one run at most). */
export function stackRuns(page: Page, runs: Phrase[], accepted: StackCandidate[]): Phrase[] {
  const next = new Map<number, number>();
  const hasAbove = new Set<number>();
  for (const { upper, lower } of accepted) {
    if (next.has(upper) || hasAbove.has(lower)) continue;
    next.set(upper, lower);
    hasAbove.add(lower);
  }
  const phrases: Phrase[] = [];
  runs.forEach((_, start) => {
    if (hasAbove.has(start)) return;
    const words: Word[] = [];
    let lines = 0;
    for (let index: number | undefined = start; index !== undefined; index = next.get(index)) {
      words.push(...runs[index].words);
      lines++;
    }
    phrases.push(phraseOf(page, words, lines));
  });
  return phrases;
}

export interface LinkCandidate {
  question: number;
  answer: number;
  features: number[];
}

/** How far an answer may sit from its question, in word heights, and how many nearest phrases are candidates. */
const maxLinkGap = 25;
const maxCandidates = 12;

/** Each phrase with the phrases beside or under it that could answer it. */
export function linkCandidates(phrases: Phrase[], unit: number): LinkCandidate[] {
  const near = phrases.map((question) =>
    phrases
      .map((answer, index) => ({ index, gap: boxGap(question.box, answer.box) }))
      .filter(
        ({ index, gap }) =>
          phrases[index] !== question &&
          gap <= maxLinkGap * unit &&
          centreY(phrases[index]) >= question.box.top - 0.5 * unit &&
          phrases[index].box.right > question.box.left - 2 * unit,
      )
      .sort((a, b) => a.gap - b.gap)
      .slice(0, maxCandidates),
  );
  const questionRanks = new Map<string, number>();
  const byAnswer = new Map<number, Array<{ question: number; gap: number }>>();
  near.forEach((list, question) =>
    list.forEach(({ index, gap }) => byAnswer.set(index, [...(byAnswer.get(index) ?? []), { question, gap }])),
  );
  for (const [answer, list] of byAnswer)
    list
      .sort((a, b) => a.gap - b.gap)
      .forEach(({ question }, rank) => questionRanks.set(`${question}:${answer}`, rank));
  const lineMates = phrases.map(
    (phrase) =>
      phrases.filter((other) => other !== phrase && sameLine(phrase, other) && other.box.left > phrase.box.left).length,
  );
  return near.flatMap((list, question) =>
    list.map(({ index: answer }, answerRank) => {
      const q = phrases[question].box;
      const a = phrases[answer].box;
      const span = {
        left: Math.min(q.left, a.left),
        top: Math.min(q.top, a.top),
        right: Math.max(q.right, a.right),
        bottom: Math.max(q.bottom, a.bottom),
      };
      const between = phrases.filter((other, index) => {
        if (index === question || index === answer) return false;
        const x = (other.box.left + other.box.right) / 2;
        const y = centreY(other);
        return x > span.left && x < span.right && y > span.top && y < span.bottom;
      }).length;
      return {
        question,
        answer,
        features: linkFeatures(phrases[question], phrases[answer], {
          unit,
          answerRank,
          questionRank: questionRanks.get(`${question}:${answer}`) ?? 0,
          between,
          questionLineMates: lineMates[question],
          answerLineMates: lineMates[answer],
        }),
      };
    }),
  );
}
