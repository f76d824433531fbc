import { describe, expect, it } from "vitest";
import { assembleLayout } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import { correctMisreadWords } from "./dictionary-correction";

/** One line of words, each read with its own confidence. */
function line(row: number, words: Array<[string, number]>): Word[] {
  return words.map(([text, confidence], index) => ({
    text,
    confidence,
    box: { x: 0.05 + index * 0.12, y: 0.1 + row * 0.05, width: 0.1, height: 0.03 },
  }));
}

async function corrected(...rows: Array<Array<[string, number]>>) {
  return correctMisreadWords(assembleLayout([rows.map((words, row) => line(row, words))]));
}

describe("correctMisreadWords", () => {
  it("reads unsure words that low-resolution look-alikes turned into non-words as the dictionary word", async () => {
    const layout = await corrected([
      ["Answer", 0.95],
      ["the", 0.93],
      ["auestions", 0.55],
      ["of", 0.9],
      ["the", 0.92],
      ["oroaram", 0.4],
    ]);
    expect(layout.words.map((word) => word.text)).toEqual(["Answer", "the", "questions", "of", "the", "program"]);
    expect(layout.words[2].original_text).toBe("auestions");
    expect(layout.words[5].original_text).toBe("oroaram");
    expect(layout.words[0].original_text).toBeUndefined();
    expect(layout.lines[0].text).toBe("Answer the questions of the program");
    expect(layout.text).toBe("Answer the questions of the program");
  });

  it("keeps the letter case and the punctuation around the word", async () => {
    const layout = await corrected(
      [
        ["ENCLOSEO", 0.44],
        ["for", 0.93],
        ["the", 0.93],
        ["Renlacement,", 0.35],
      ],
      [["(Budaet)", 0.6]],
    );
    expect(layout.words.map((word) => word.text)).toEqual(["ENCLOSED", "for", "the", "Replacement,", "(Budget)"]);
  });

  it("undoes two confusions only in a long lower-case word, not in a capitalised name", async () => {
    const layout = await corrected([
      ["the", 0.95],
      ["disolavs", 0.35],
      ["JALAN", 0.5],
      ["BANDAR", 0.5],
      ["Cheras", 0.5],
    ]);
    expect(layout.words.map((word) => word.text)).toEqual(["the", "displays", "JALAN", "BANDAR", "Cheras"]);
  });

  it("leaves confident words, numbers, codes, e-mail addresses, names and short capitals as read", async () => {
    const kept: Array<[string, number]> = [
      ["auestions", 0.96],
      ["12O4", 0.3],
      ["AB-12", 0.3],
      ["jdoe@exarnple.com", 0.3],
      ["Hona", 0.5],
      ["KOOL", 0.5],
      ["McPhee", 0.3],
    ];
    const layout = await corrected([["Send", 0.95], ["the", 0.95], ...kept]);
    expect(layout.words.slice(2).map((word) => word.text)).toEqual(kept.map(([text]) => text));
    expect(layout.words.every((word) => word.original_text === undefined)).toBe(true);
  });

  it("leaves a smudge read as letters alone", async () => {
    const layout = await corrected([
      ["the", 0.95],
      ["eeee", 0.0],
      ["cece", 0.02],
    ]);
    expect(layout.words.map((word) => word.text)).toEqual(["the", "eeee", "cece"]);
  });

  it("undoes m read as rn and b read as h, but leaves a word two dictionary words are equally near", async () => {
    // "cail" is "call" (l read as i) as much as "coil" (o read as a).
    const layout = await corrected([
      ["the", 0.95],
      ["heen", 0.4],
      ["rnay", 0.4],
      ["cail", 0.4],
    ]);
    expect(layout.words.map((word) => word.text)).toEqual(["the", "been", "may", "cail"]);
  });

  it("reads a long word one letter from exactly one English word as that word, when no confusion explains it", async () => {
    const layout = await corrected([
      ["the", 0.95],
      ["Circusference", 0.7],
      ["Affiiation", 0.2],
      ["reporf", 0.5],
    ]);
    expect(layout.words.map((word) => word.text)).toEqual(["the", "Circumference", "Affiliation", "report"]);
    expect(layout.words[2].original_text).toBe("Affiiation");
  });

  it("leaves a word one letter from two English words, a short capitalised word and a confident word as read", async () => {
    // "sprinc" is "spring" as much as "sprint"; capitals of six letters are as often a place name, and
    // so is a word that becomes English only by dropping a letter ("Gardeon", "garden").
    const kept: Array<[string, number]> = [
      ["sprinc", 0.5],
      ["Gardeon", 0.5],
      ["REPORF", 0.5],
      ["Circusference", 0.95],
    ];
    const layout = await corrected([["the", 0.95], ...kept]);
    expect(layout.words.slice(1).map((word) => word.text)).toEqual(kept.map(([text]) => text));
  });

  it("does not correct a page in another language against the English dictionary", async () => {
    const layout = await corrected([
      ["der", 0.95],
      ["die", 0.95],
      ["und", 0.95],
      ["das", 0.95],
      ["Rechnunq", 0.4],
      ["auestions", 0.4],
    ]);
    expect(layout.words.every((word) => word.original_text === undefined)).toBe(true);
  });
});
