import { diffWords } from "diff";

/** A stretch of the edited text: as it was, added, or removed. */
export interface TextChange {
  kind: "same" | "added" | "removed";
  text: string;
}

export interface TextChangeCounts {
  added: number;
  removed: number;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The word-level changes between the page's stored text and a person's draft, for highlighting before saving. */
export function textChanges(before: string, after: string): { changes: TextChange[]; counts: TextChangeCounts } {
  const changes: TextChange[] = diffWords(before, after).map((part) => ({
    kind: part.added ? "added" : part.removed ? "removed" : "same",
    text: part.value,
  }));
  const count = (kind: TextChange["kind"]) =>
    changes.filter((change) => change.kind === kind).reduce((sum, change) => sum + wordCount(change.text), 0);
  return { changes, counts: { added: count("added"), removed: count("removed") } };
}
