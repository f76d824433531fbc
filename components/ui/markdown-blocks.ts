// The small part of Markdown that chat answers use: paragraphs, bullet and numbered lists, headings,
// and **bold** / `code` inside them. Enough to show an answer as a person reads it, without raw markers.

export type MarkdownBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "list"; ordered: boolean; start: number; items: string[] };

const BULLET = /^\s{0,3}[-*+•]\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

/** Splits text into blocks; a list item's indented continuation lines stay in the item. */
export function markdownBlocks(text: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: Extract<MarkdownBlock, { kind: "list" }> | undefined;
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", text: paragraph.join("\n") });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push(list);
    list = undefined;
  };
  for (const line of text.split(/\r?\n/)) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const heading = HEADING.exec(line);
    if (bullet || numbered) {
      endParagraph();
      const ordered = Boolean(numbered);
      if (list && list.ordered !== ordered) endList();
      list ??= { kind: "list", ordered, start: numbered ? Number(numbered[1]) : 1, items: [] };
      list.items.push(bullet ? bullet[1] : numbered![2]);
    } else if (line.trim() === "") {
      endParagraph();
      // A blank line between items keeps the list; anything else after it starts a new block.
    } else if (list && /^\s+\S/.test(line)) {
      list.items[list.items.length - 1] += `\n${line.trim()}`;
    } else if (heading) {
      endParagraph();
      endList();
      blocks.push({ kind: "heading", text: heading[1] });
    } else {
      endList();
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** Splits a line into plain, **bold** and `code` runs. */
export function inlineRuns(text: string): Array<{ kind: "plain" | "bold" | "code"; text: string }> {
  return text
    .split(/(\*\*[^*\n]+\*\*|`[^`\n]+`)/g)
    .filter((piece) => piece !== "")
    .map((piece) =>
      piece.startsWith("**") && piece.endsWith("**") && piece.length > 4
        ? { kind: "bold" as const, text: piece.slice(2, -2) }
        : piece.startsWith("`") && piece.endsWith("`") && piece.length > 2
          ? { kind: "code" as const, text: piece.slice(1, -1) }
          : { kind: "plain" as const, text: piece },
    );
}
