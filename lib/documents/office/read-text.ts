import type { FormatInfo } from "../formats";
import { pageFromLayout } from "../page-builder";
import type { Page } from "@/lib/pages/types";
import { layoutFlow, pageHeight, pageWidth, type FlowItem } from "./flow-layout";
import { flowItemsFromHtml } from "./read-docx";
import { stripTags } from "./xml-text";

function plainFlow(text: string): FlowItem[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+$/g, ""))
    .filter((paragraph) => paragraph.trim() !== "")
    .map((paragraph) => ({ kind: "paragraph", text: paragraph }));
}

function htmlFlow(html: string): FlowItem[] {
  const body = html.replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, "");
  const items = flowItemsFromHtml(body);
  return items.length > 0 ? items : plainFlow(stripTags(body));
}

/** Plain text, Markdown, HTML, XML and JSON as laid-out text pages. */
export function readText(bytes: Buffer, format: FormatInfo): Page[] {
  const text = bytes
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n");
  let items: FlowItem[];
  if (format.id === "html") items = htmlFlow(text);
  else if (format.id === "json") items = plainFlow(JSON.stringify(JSON.parse(text), null, 2));
  else items = plainFlow(text);
  return layoutFlow(items).map((flowPage, index) =>
    pageFromLayout({
      pageNumber: index + 1,
      layout: flowPage.layout,
      width: pageWidth,
      height: pageHeight,
      unit: "pt",
      source: "office",
    }),
  );
}
