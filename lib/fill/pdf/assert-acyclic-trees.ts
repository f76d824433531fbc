import { PDFArray, PDFDict, PDFName, PDFRef, type PDFDocument } from "pdf-lib";
import { AppError } from "@/lib/errors/app-error";

/**
 * Refuses (corrupt_file) a PDF whose page tree or form field tree leads back to a node above it:
 * pdf-lib walks both recursively and would overflow the stack, a failure that looks worth retrying.
 * Walked here without recursion, each node once.
 */
export function assertAcyclicTrees(document: PDFDocument): void {
  const acroForm = document.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  assertAcyclic(document, document.catalog.get(PDFName.of("Pages")), "page tree");
  const fields = acroForm?.lookupMaybe(PDFName.of("Fields"), PDFArray);
  for (let index = 0; fields && index < fields.size(); index++)
    assertAcyclic(document, fields.get(index), "form field tree");
}

function assertAcyclic(document: PDFDocument, root: unknown, treeName: string): void {
  // Each entry carries the refs above it, so a node reached twice by different branches is not a loop.
  const pending: { node: unknown; above: Set<string> }[] = [{ node: root, above: new Set() }];
  let visited = 0;
  while (pending.length > 0) {
    const { node, above } = pending.pop()!;
    const key = node instanceof PDFRef ? node.toString() : undefined;
    if (key && above.has(key))
      throw new AppError("corrupt_file", `The PDF is damaged: its ${treeName} loops back on itself (object ${key}).`);
    // A tree far larger than any real file is as damaged as a loop, and walking it is as costly.
    if (++visited > 1_000_000)
      throw new AppError("corrupt_file", `The PDF is damaged: its ${treeName} has more than a million nodes.`);
    const dict = node instanceof PDFRef ? document.context.lookup(node) : node;
    if (!(dict instanceof PDFDict)) continue;
    const kids = dict.lookupMaybe(PDFName.of("Kids"), PDFArray);
    const path = key ? new Set([...above, key]) : above;
    for (let index = 0; kids && index < kids.size(); index++) pending.push({ node: kids.get(index), above: path });
  }
}
