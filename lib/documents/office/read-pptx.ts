import JSZip from "jszip";
import { DocumentError } from "@/lib/errors/document-error";
import { assembleLayout, unionBox } from "@/lib/pages/layout";
import { pageFromLayout } from "../page-builder";
import type { Page, SourceTable, Word } from "@/lib/pages/types";
import { decodeEntities } from "./xml-text";

// One page per slide, in presentation order. Shapes carry their position in EMU, so text is laid
// out inside each shape's own box; tables (a:tbl) are kept as tables.

const emuPerPoint = 12_700;

interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
}

function attr(xml: string, name: string): string | undefined {
  return xml.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
}

function frameOf(shapeXml: string): Frame | undefined {
  const offset = shapeXml.match(/<a:off\b[^>]*>/)?.[0];
  const extent = shapeXml.match(/<a:ext\b[^>]*cx=[^>]*>/)?.[0];
  if (!offset || !extent) return undefined;
  return {
    x: Number(attr(offset, "x")) / emuPerPoint,
    y: Number(attr(offset, "y")) / emuPerPoint,
    width: Number(attr(extent, "cx")) / emuPerPoint,
    height: Number(attr(extent, "cy")) / emuPerPoint,
  };
}

function paragraphs(xml: string): Array<{ text: string; size: number }> {
  return [...xml.matchAll(/<a:p>([\s\S]*?)<\/a:p>|<a:p [^>]*>([\s\S]*?)<\/a:p>/g)]
    .map((match) => {
      const body = match[1] ?? match[2] ?? "";
      const text = decodeEntities([...body.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((run) => run[1]).join(""));
      const size = Number(attr(body.match(/<a:rPr\b[^>]*>/)?.[0] ?? "", "sz") ?? 1800) / 100;
      return { text: text.trim(), size };
    })
    .filter((paragraph) => paragraph.text !== "");
}

async function slidePaths(zip: JSZip): Promise<string[]> {
  const presentation = (await zip.file("ppt/presentation.xml")?.async("string")) ?? "";
  const rels = (await zip.file("ppt/_rels/presentation.xml.rels")?.async("string")) ?? "";
  const targets = new Map(
    [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((match) => [attr(match[0], "Id"), attr(match[0], "Target")]),
  );
  return [...presentation.matchAll(/<p:sldId\b[^>]*>/g)]
    .map((match) => targets.get(attr(match[0], "r:id")))
    .filter((target): target is string => Boolean(target))
    .map((target) => `ppt/${target.replace(/^\/?ppt\//, "").replace(/^\.\.\//, "")}`);
}

function layoutSlide(
  xml: string,
  slideWidth: number,
  slideHeight: number,
): { lines: Word[][][]; tables: SourceTable[] } {
  const blocks: Word[][][] = [];
  const tables: SourceTable[] = [];
  let fallbackY = slideHeight * 0.05;
  const place = (text: string, x: number, y: number, size: number): Word[] => {
    const words: Word[] = [];
    let left = x;
    for (const token of text.split(/\s+/).filter(Boolean)) {
      const width = token.length * size * 0.5;
      words.push({
        text: token,
        confidence: 1,
        box: { x: left / slideWidth, y: y / slideHeight, width: width / slideWidth, height: size / slideHeight },
      });
      left += width + size * 0.5;
    }
    return words;
  };
  for (const shape of xml.matchAll(/<p:(sp|graphicFrame)\b[\s\S]*?<\/p:\1>/g)) {
    const frame = frameOf(shape[0]) ?? {
      x: slideWidth * 0.05,
      y: fallbackY,
      width: slideWidth * 0.9,
      height: slideHeight * 0.1,
    };
    if (shape[1] === "graphicFrame") {
      const rows = [...shape[0].matchAll(/<a:tr\b[\s\S]*?<\/a:tr>/g)].map((row) =>
        [...row[0].matchAll(/<a:tc\b[\s\S]*?<\/a:tc>/g)].map((cell) =>
          paragraphs(cell[0])
            .map((p) => p.text)
            .join(" "),
        ),
      );
      if (rows.length === 0) continue;
      const columns = Math.max(...rows.map((row) => row.length));
      const rowHeight = frame.height / rows.length;
      const lines = rows.map((row, rowIndex) =>
        row.flatMap((cell, column) =>
          place(
            cell,
            frame.x + (frame.width / columns) * column + 4,
            frame.y + rowIndex * rowHeight + 2,
            Math.min(14, rowHeight * 0.6),
          ),
        ),
      );
      blocks.push(lines.filter((line) => line.length > 0));
      tables.push({ rows, box: unionBox(lines.flat().map((word) => word.box)) });
    } else {
      let y = frame.y + 4;
      const lines: Word[][] = [];
      for (const paragraph of paragraphs(shape[0])) {
        lines.push(place(paragraph.text, frame.x + 4, y, paragraph.size));
        y += paragraph.size * 1.2;
      }
      if (lines.length > 0) blocks.push(lines);
      fallbackY = Math.max(fallbackY, y + 10);
    }
  }
  return { lines: blocks, tables };
}

export async function readPptx(bytes: Buffer): Promise<Page[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch (error) {
    throw new DocumentError("corrupt_document", "The presentation cannot be opened", { cause: error });
  }
  const presentation = (await zip.file("ppt/presentation.xml")?.async("string")) ?? "";
  const size = presentation.match(/<p:sldSz\b[^>]*>/)?.[0] ?? "";
  const width = Number(attr(size, "cx") ?? 9_144_000) / emuPerPoint;
  const height = Number(attr(size, "cy") ?? 6_858_000) / emuPerPoint;
  const pages: Page[] = [];
  for (const [index, path] of (await slidePaths(zip)).entries()) {
    const xml = await zip.file(path)?.async("string");
    if (xml === undefined) throw new DocumentError("corrupt_document", `The presentation is missing ${path}`);
    const slide = layoutSlide(xml, width, height);
    const page = pageFromLayout({
      pageNumber: index + 1,
      layout: assembleLayout(slide.lines),
      width,
      height,
      unit: "pt",
      source: "office",
    });
    if (slide.tables.length > 0) page.tables = slide.tables;
    pages.push(page);
  }
  return pages;
}
