import type { Page } from "@/lib/documents/types";

/** A source file as the reading engine read it. */
export interface SourceDocument {
  fileName: string;
  pages: Page[];
}
