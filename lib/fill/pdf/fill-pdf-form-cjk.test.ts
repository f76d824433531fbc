import { PDFDocument, PDFTextField } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { openPdf } from "@/lib/documents/pdf/load-pdf";
import { renderPdfPage } from "@/lib/documents/pdf/render-pdf-page";
import { readDocument } from "@/lib/documents/read-document";
import { mapFieldMappings } from "../map/map-field-mappings";
import type { FormField } from "../types";
import { makeFormPdf } from "../testing/make-form-pdf";
import { fillPdfForm } from "./fill-pdf-form";
import { readPdfForm } from "./read-pdf-form";

const values: Record<string, string> = {
  chinese: "北京市朝阳区",
  japanese: "東京都 さくら カタカナ",
  korean: "서울특별시",
  mixed: "Tokyo 東京 Room 3",
  greek: "Ζωή",
};
const names = [...Object.keys(values), "uncovered", "empty"];

async function form() {
  const pdf = await makeFormPdf(names.map((name) => ({ kind: "text" as const, name, label: name })));
  const fields = await readPdfForm({ pdf, pages: (await readDocument({ bytes: pdf })).pages });
  return { pdf, fields };
}

interface Ink {
  /** Share of dark pixels inside the field (its border excluded). */
  dark: number;
  /** Height of the inked rows, about one em for Han and Hangul. */
  inkHeight: number;
  /** From the first to the last inked column. */
  extent: number;
  /** Widest run of blank columns between inked ones: a glyph drawn blank leaves one em or more. */
  widestGap: number;
  /** Blank rows under the lowest ink: none when descenders are cut off at the field's edge. */
  bottomMargin: number;
}

/** Renders page 1 and measures the ink inside each field; with the text the page gives pdfjs. */
async function inkPerField(pdf: Buffer, fields: FormField[]): Promise<{ ink: Record<string, Ink>; text: string }> {
  const rendered = await openPdf(pdf);
  try {
    const page = await rendered.getPage(1);
    const text = (await page.getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ");
    const { png, width, height } = await renderPdfPage(page, 144);
    const ink: Record<string, Ink> = {};
    for (const field of fields) {
      const inset = 4;
      const region = {
        left: Math.floor(field.box.x * width) + inset,
        top: Math.floor(field.box.y * height) + inset,
        width: Math.ceil(field.box.width * width) - 2 * inset,
        height: Math.ceil(field.box.height * height) - 2 * inset,
      };
      const { data, info } = await sharp(png).extract(region).greyscale().raw().toBuffer({ resolveWithObject: true });
      const isDark = (x: number, y: number) => data[y * info.width + x] < 128;
      const columns = Array.from({ length: info.width }, (_, x) =>
        Array.from({ length: info.height }, (_, y) => isDark(x, y)).some(Boolean),
      );
      const rows = Array.from({ length: info.height }, (_, y) =>
        Array.from({ length: info.width }, (_, x) => isDark(x, y)).some(Boolean),
      );
      const first = columns.indexOf(true);
      const last = columns.lastIndexOf(true);
      let widestGap = 0;
      let gap = 0;
      for (let x = first; x >= 0 && x <= last; x++) {
        gap = columns[x] ? 0 : gap + 1;
        widestGap = Math.max(widestGap, gap);
      }
      ink[field.name] = {
        dark: [...data].filter((pixel) => pixel < 128).length / data.length,
        inkHeight: rows.lastIndexOf(true) - rows.indexOf(true) + 1,
        extent: first < 0 ? 0 : last - first + 1,
        widestGap,
        bottomMargin: rows.includes(true) ? info.height - 1 - rows.lastIndexOf(true) : info.height,
      };
    }
    return { ink, text };
  } finally {
    await rendered.loadingTask.destroy();
  }
}

async function fill(flatten: boolean) {
  const { pdf, fields } = await form();
  const result = await fillPdfForm({
    pdf,
    fields,
    plans: [mapFieldMappings(fields, { ...values, uncovered: "朝阳 서울" })],
    flatten,
  });
  return { result, fields };
}

describe("fillPdfForm with Chinese, Japanese and Korean values", () => {
  it("stores the values and says which font draws them", async () => {
    const { result } = await fill(false);
    const formOut = (await PDFDocument.load(result.pdf)).getForm();
    for (const [name, value] of Object.entries(values))
      expect((formOut.getField(name) as PDFTextField).getText()).toBe(value);
    expect((formOut.getField("uncovered") as PDFTextField).getText()).toBe("朝阳 서울");
    const reasons = Object.fromEntries(result.details.map((detail) => [detail.field_name, detail.reason]));
    expect(reasons.chinese).toContain("Noto Sans SC");
    expect(reasons.japanese).toContain("Noto Sans SC");
    expect(reasons.mixed).toContain("Noto Sans SC");
    expect(reasons.korean).toContain("Noto Sans KR");
    expect(reasons.greek).toContain("DejaVu Sans");
    for (const name of Object.keys(values)) expect(reasons[name]).not.toContain("no glyph");
    // Simplified 阳 is in no Korean font, Hangul in no Chinese one: the value is stored, the gap reported.
    expect(reasons.uncovered).toContain("Noto Sans KR");
    expect(reasons.uncovered).toContain("no glyph for 阳");
  });

  for (const flatten of [false, true]) {
    it(`draws every glyph ${flatten ? "flattened into the page" : "in the fields' appearances"}`, async () => {
      const { result, fields } = await fill(flatten);
      if (flatten) expect((await PDFDocument.load(result.pdf)).getForm().getFields()).toHaveLength(0);
      const { ink, text } = await inkPerField(result.pdf, fields);
      expect(ink.empty.dark).toBe(0);
      for (const name of ["chinese", "japanese", "korean", "mixed"]) {
        const field = ink[name];
        const glyphs = values[name].replace(/\s/g, "").length;
        expect(field.dark, name).toBeGreaterThan(0.02);
        expect(field.inkHeight, name).toBeGreaterThan(10);
        expect(field.widestGap, name).toBeLessThan(field.inkHeight);
        if (name !== "mixed") expect(field.extent, name).toBeGreaterThan(glyphs * field.inkHeight * 0.8);
        // Noto's tall line metrics once put the baseline so low that "y" lost its tail at the border.
        expect(field.bottomMargin, name).toBeGreaterThan(0);
      }
      // The embedded subsets carry a ToUnicode map, so the drawn text can be extracted again (pdfjs
      // extracts page content only, so only once flattened).
      if (flatten)
        for (const value of Object.values(values)) for (const word of value.split(" ")) expect(text).toContain(word);
    });
  }
});
