import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/pages/types";
import { separateAnswers } from "./answer-lists";
import { findKeyValuePairs } from "./key-values";
import { line, ocrPage } from "../testing/synthetic-ocr-page";

const pairsOf = (page: Page) => findKeyValuePairs([page]).map((pair) => [pair.key, pair.value]);
const texts = (answers: ReturnType<typeof separateAnswers>) =>
  answers.map((words) => words.map((word) => word.text).join(" "));

describe("a value's lines as separate answers", () => {
  it("splits a list of people, one per line, into one answer each", () => {
    const words = [
      ...line(0.3, 0.2, "Mr. A. Lee"),
      ...line(0.3, 0.215, "Dr. B. Cole"),
      ...line(0.3, 0.23, "C. D. Ross"),
    ];
    expect(texts(separateAnswers(words))).toEqual(["Mr. A. Lee", "Dr. B. Cole", "C. D. Ross"]);
  });

  it("keeps an address, a wrapped sentence and a single line whole", () => {
    const address = [...line(0.3, 0.2, "12 Harbour Road"), ...line(0.3, 0.215, "Springfield 20148")];
    expect(texts(separateAnswers(address))).toEqual(["12 Harbour Road Springfield 20148"]);
    const sentence = [...line(0.3, 0.2, "Mr. A. Lee will send the samples"), ...line(0.3, 0.215, "by the end of May")];
    expect(separateAnswers(sentence)).toHaveLength(1);
    expect(separateAnswers(line(0.3, 0.2, "Dr. B. Cole"))).toHaveLength(1);
  });

  it("gives a label followed by a list of people one pair per person, the repeated key kept for the fields", () => {
    const page = ocrPage([
      [line(0.1, 0.2, "Copies to: Mr. A. Lee"), line(0.188, 0.215, "Dr. B. Cole"), line(0.188, 0.23, "C. D. Ross")],
      [line(0.1, 0.3, "Address: 12 Harbour Road"), line(0.172, 0.315, "Springfield 20148")],
    ]);
    expect(pairsOf(page)).toEqual([
      ["Copies to", "Mr. A. Lee"],
      ["Copies to", "Dr. B. Cole"],
      ["Copies to", "C. D. Ross"],
      ["Address", "12 Harbour Road Springfield 20148"],
    ]);
  });
});
