import mammoth from "mammoth";
import { DocumentError } from "@/lib/errors/document-error";
import { layoutFlow, pageHeight, pageWidth, type FlowItem } from "./flow-layout";
import { stripTags } from "./xml-text";
import { pageFromLayout } from "../page-builder";
import type { Page } from "@/lib/pages/types";

// mammoth turns DOCX into clean HTML (headings, paragraphs, lists, tables); that HTML is read
// back into flow items, keeping tables as tables.

function tableRows(tableHtml: string): string[][] {
  return [...tableHtml.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)].map((row) =>
    [...row[1].matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((cell) => stripTags(cell[1]).replace(/\n/g, " ")),
  );
}

export function flowItemsFromHtml(html: string): FlowItem[] {
  const items: FlowItem[] = [];
  const pattern = /<(h[1-6]|p|table|ul|ol|pre|blockquote)\b[^>]*>([\s\S]*?)<\/\1>/gi;
  for (const match of html.matchAll(pattern)) {
    const tag = match[1].toLowerCase();
    if (tag === "table") items.push({ kind: "table", rows: tableRows(match[2]) });
    else if (tag === "ul" || tag === "ol") {
      for (const item of match[2].matchAll(/<li[^>]*>([\s\S]*?)(?=<li|<\/[uo]l>|$)/gi)) {
        const text = stripTags(item[1]);
        if (text) items.push({ kind: "paragraph", text: `• ${text}` });
      }
    } else {
      const text = stripTags(match[2]);
      if (text) items.push({ kind: "paragraph", text, heading: tag.startsWith("h") ? Number(tag[1]) : undefined });
    }
  }
  return items;
}

export async function readDocx(bytes: Buffer): Promise<Page[]> {
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes })).value;
  } catch (error) {
    throw new DocumentError("corrupt_document", "The Word document cannot be read", { cause: error });
  }
  const flowPages = layoutFlow(flowItemsFromHtml(html));
  return flowPages.map((flowPage, index) => {
    const page = pageFromLayout({
      pageNumber: index + 1,
      layout: flowPage.layout,
      width: pageWidth,
      height: pageHeight,
      unit: "pt",
      source: "office",
    });
    if (flowPage.tables.length > 0) page.tables = flowPage.tables;
    return page;
  });
}
