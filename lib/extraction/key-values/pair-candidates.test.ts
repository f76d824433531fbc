import { describe, expect, it } from "vitest";
import type { Box } from "@/lib/pages/types";
import type { KeyValuePair } from "../types";
import { boxOverlap, candidateRows, choosePairs, pairCandidates, type PairCandidate } from "./pair-candidates";
import { line, ocrPage } from "../testing/synthetic-ocr-page";

// How scored pair candidates become a page's pairs: the rules' pairs and the model's links as one
// list, and the choice that keeps the surest and lets no value answer two labels.

const box = (x: number, y: number, width = 0.1, height = 0.012): Box => ({ x, y, width, height });
const pair = (key: string, value: string, keyBox: Box, valueBox: Box): KeyValuePair => ({
  key,
  value,
  page: 1,
  keyBox,
  valueBox,
  confidence: 0.9,
  method: "gap",
});
const candidate = (of: KeyValuePair, source: PairCandidate["source"] = "rules"): PairCandidate => ({
  pair: of,
  source,
  linkProbability: 0,
});

describe("boxOverlap", () => {
  it("is the share of the smaller box the two have in common", () => {
    expect(boxOverlap(box(0, 0, 0.2, 0.1), box(0.1, 0, 0.1, 0.1))).toBeCloseTo(1, 6);
    expect(boxOverlap(box(0, 0, 0.2, 0.1), box(0.15, 0, 0.1, 0.1))).toBeCloseTo(0.5, 6);
    expect(boxOverlap(box(0, 0, 0.1, 0.1), box(0.2, 0, 0.1, 0.1))).toBe(0);
  });
});

describe("pairCandidates", () => {
  it("gives a rule pair the probability of the model link reading the same label and value, and drops pairs with no value", () => {
    const date = pair("DATE", "May 4, 1998", box(0.1, 0.1), box(0.3, 0.1));
    const open = pair("JUDGE", "", box(0.1, 0.2), box(0.3, 0.2));
    const link = { pair: pair("DATE", "May 4, 1998", box(0.1, 0.1), box(0.3, 0.1, 0.09)), probability: 0.8 };
    const other = { pair: pair("DATE", "JUDGE", box(0.1, 0.1), box(0.1, 0.2)), probability: 0.4 };
    const candidates = pairCandidates([date, open], [link, other]);
    expect(candidates.map(({ source, linkProbability }) => [source, linkProbability])).toEqual([
      ["rules", 0.8],
      ["model", 0.8],
      ["model", 0.4],
    ]);
  });
});

describe("choosePairs", () => {
  it("keeps the surest pair of two that share a value, and none below the threshold", () => {
    const right = candidate(pair("NAME", "Jane Roe", box(0.1, 0.1), box(0.3, 0.1)));
    const wrong = candidate(pair("TITLE", "Jane Roe", box(0.1, 0.13), box(0.3, 0.1)), "model");
    const weak = candidate(pair("FAX", "555-0182", box(0.1, 0.3), box(0.3, 0.3)));
    expect(
      choosePairs([wrong, right, weak], [0.6, 0.9, 0.2], { rules: 0.5, model: 0.5 }).map((kept) => [
        kept.key,
        kept.value,
      ]),
    ).toEqual([["NAME", "Jane Roe"]]);
  });

  it("holds each source to its own threshold", () => {
    const rule = candidate(pair("NAME", "Jane Roe", box(0.1, 0.1), box(0.3, 0.1)));
    const link = candidate(pair("FAX", "555-0182", box(0.1, 0.3), box(0.3, 0.3)), "model");
    expect(choosePairs([rule, link], [0.4, 0.6], { rules: 0.3, model: 0.7 }).map((kept) => kept.key)).toEqual(["NAME"]);
    expect(choosePairs([rule, link], [0.4, 0.6], { rules: 0.5, model: 0.5 }).map((kept) => kept.key)).toEqual(["FAX"]);
  });

  it("lets one label head several values, but not a value that is another pair's label", () => {
    const heading = box(0.1, 0.1);
    const first = candidate(pair("BRANDS", "Kent", heading, box(0.1, 0.13)));
    const second = candidate(pair("BRANDS", "Newport", heading, box(0.1, 0.16)));
    const label = candidate(pair("DATE", "BRANDS", box(0.3, 0.05), heading), "model");
    const kept = choosePairs([first, second, label], [0.8, 0.7, 0.6], { rules: 0.5, model: 0.5 });
    expect(kept.map((chosen) => chosen.value)).toEqual(["Kent", "Newport"]);
    expect(kept.map((chosen) => chosen.confidence)).toEqual([0.8, 0.7]);
  });
});

describe("candidateRows", () => {
  it("reads a value closed by a colon, a label of its own, off the page's words", () => {
    const page = ocrPage([[line(0.1, 0.1, "BRAND NAME: >REPORT DATE:")]]);
    const [key, value] = [page.words.slice(0, 2), page.words.slice(2)];
    const unionOf = (words: typeof page.words): Box => {
      const left = Math.min(...words.map((word) => word.box.x));
      const right = Math.max(...words.map((word) => word.box.x + word.box.width));
      return { x: left, y: words[0].box.y, width: right - left, height: words[0].box.height };
    };
    const labelLike = candidate(pair("BRAND NAME", "REPORT DATE:", unionOf(key), unionOf(value)));
    const valueLike = candidate(pair("BRAND NAME", "REPORT DATE", unionOf(key), unionOf(value)));
    const [withColon] = candidateRows(page, [labelLike]);
    const [withoutColon] = candidateRows(
      { ...page, words: page.words.map((word) => ({ ...word, text: word.text.replace(":", "") })) },
      [valueLike],
    );
    expect(withColon).toHaveLength(withoutColon.length);
    expect(withColon.filter((value, index) => value !== withoutColon[index]).length).toBeGreaterThan(0);
  });
});
