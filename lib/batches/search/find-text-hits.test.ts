import { describe, expect, it } from "vitest";
import { findTextHits, findTextHitsInText, queryTokens } from "./find-text-hits";

const box = { x: 0, y: 0, width: 0.1, height: 0.02 };
const words = (text: string) => text.split(" ").map((word) => ({ text: word, box }));

describe("findTextHits", () => {
  it("finds a word whatever its case, accents and punctuation, inside a longer word too", () => {
    const page = words("Invoice: Café TOTAL, total-due invoiced");
    expect(findTextHits(page, queryTokens("invoice")).map((hit) => hit.wordIndices)).toEqual([[0], [4]]);
    expect(findTextHits(page, queryTokens("cafe")).map((hit) => hit.wordIndices)).toEqual([[1]]);
    expect(findTextHits(page, queryTokens("Total")).map((hit) => hit.wordIndices)).toEqual([[2], [3]]);
  });

  it("finds a phrase over several words, and each occurrence once", () => {
    const page = words("Hex bolts M8 x 20 pieces. Hex bolts again");
    const hits = findTextHits(page, queryTokens("hex BOLTS"));
    expect(hits.map((hit) => hit.wordIndices)).toEqual([
      [0, 1],
      [6, 7],
    ]);
    expect(hits[0].snippet).toBe("Hex bolts M8 x 20 pieces. Hex …");
    expect(findTextHits(page, queryTokens("bolts x"))).toEqual([]);
  });

  it("matches a phrase inside one corrected word that holds several", () => {
    const page = [
      { text: "ACME SUPPLY", box },
      { text: "Ltd", box },
    ];
    expect(findTextHits(page, queryTokens("supply ltd")).map((hit) => hit.wordIndices)).toEqual([[0, 1]]);
  });

  it("finds nothing for a query of punctuation alone", () => {
    expect(queryTokens(" -- ")).toEqual([]);
    expect(findTextHits(words("a - b"), queryTokens("-"))).toEqual([]);
  });

  it("searches a page's text when it has no words, with no boxes", () => {
    expect(findTextHitsInText("Terms of payment: 30 days", queryTokens("payment"))).toEqual([
      { wordIndices: [], snippet: "Terms of payment: 30 days" },
    ]);
  });
});
