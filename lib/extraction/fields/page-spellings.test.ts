import { describe, expect, it } from "vitest";
import { extractStructure } from "../extract-structure";
import { pageSpellings } from "./page-spellings";
import { line, ocrPage } from "../testing/synthetic-ocr-page";

// A word OCR was unsure of, one letter off a word it read surely elsewhere on the page, is that word.

const schema = [
  { name: "company", type: "string" as const },
  { name: "address", type: "string" as const },
];

describe("pageSpellings", () => {
  it("gives an unsure word the spelling read surely elsewhere on the page, in its own case", () => {
    const page = ocrPage([
      [
        [...line(0.3, 0.05, "KEDAI", 0.95), ...line(0.4, 0.05, "SANYO", 0.6), ...line(0.5, 0.05, "SDN BHD", 0.95)],
        line(0.3, 0.07, "LOT 7, JALAN BESI, 43000 KAJANG"),
        line(0.3, 0.5, "Thank you for shopping at Sanyu"),
      ],
    ]);
    expect(extractStructure({ pages: [page], schema }).fields?.company).toBe("KEDAI SANYU SDN BHD");
    const spelled = pageSpellings(page);
    expect(spelled({ text: "Sanyo,", confidence: 0.5, box: page.words[0].box }).text).toBe("Sanyu,");
  });

  it("leaves a sure word, a short word, and a word two candidates fit as read", () => {
    const page = ocrPage([[line(0.1, 0.1, "TAMAN MAJU LAMAN"), line(0.1, 0.2, "JLN BESI")]]);
    const spelled = pageSpellings(page);
    const box = page.words[0].box;
    expect(spelled({ text: "TAMAN", confidence: 0.95, box }).text).toBe("TAMAN");
    expect(spelled({ text: "JLM", confidence: 0.5, box }).text).toBe("JLM");
    // "RAMAN" is one letter off both TAMAN and LAMAN: nothing decides.
    expect(spelled({ text: "RAMAN", confidence: 0.5, box }).text).toBe("RAMAN");
    expect(spelled({ text: "MAJA", confidence: 0.5, box }).text).toBe("MAJU");
  });
});
