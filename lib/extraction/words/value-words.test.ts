import { describe, expect, it } from "vitest";
import type { Word } from "@/lib/pages/types";
import { isNoiseWord } from "./value-words";

const word = (text: string): Word => ({ text, confidence: 1, box: { x: 0, y: 0, width: 0.1, height: 0.01 } });

describe("isNoiseWord", () => {
  it("calls a word without a letter or digit noise, in any script", () => {
    for (const text of ["|", "~~", "____", "—", "…", "()", "•", ""]) expect(isNoiseWord(word(text)), text).toBe(true);
    for (const text of ["a", "Z9", "--7", "(b)", "É", "__ß", "東京", "٣", "Ω:", "½"])
      expect(isNoiseWord(word(text)), text).toBe(false);
  });
});
