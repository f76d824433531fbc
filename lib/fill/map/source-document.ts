import type { Page } from "@/lib/pages/types";

/** A source file as the reading engine read it. */
export interface SourceDocument {
  fileName: string;
  pages: Page[];
}
