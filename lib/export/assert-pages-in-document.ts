import { AppError, type ValidationIssue } from "@/lib/errors/app-error";
import type { ExportPageOverride } from "./export-schemas";

/** A document with the pages it has, and where its page list sits in the request body. */
export interface PagesToCheck {
  fileName: string;
  pageCount: number;
  pages: ExportPageOverride[];
  /** Path to the pages array in the body, e.g. ["documents", 0, "pages"]. */
  at: (string | number)[];
}

/**
 * Refuses (422) any page number the document does not have, naming it and the document's page
 * count. Export and convert then work only on the document's own pages: a request cannot make them
 * walk to a page number it invents.
 */
export function assertPagesInDocument(documents: PagesToCheck[]): void {
  const issues: ValidationIssue[] = [];
  for (const document of documents) {
    for (const [index, page] of document.pages.entries()) {
      if (page.page_number <= document.pageCount) continue;
      issues.push({
        loc: ["body", ...document.at, index, "page_number"],
        msg: `Page ${page.page_number} is beyond ${document.fileName}, which has ${pagesOf(document.pageCount)}`,
        type: "value_error",
      });
    }
  }
  if (issues.length > 0) throw new AppError("validation_error", issues[0]!.msg, { issues });
}

function pagesOf(count: number): string {
  return count === 1 ? "1 page" : `${count} pages`;
}
