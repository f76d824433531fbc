"use client";

import { AutomapPanel } from "./automap-panel";
import type { ChatBox } from "./chat-types";
import { DocumentChatPanel } from "./document-chat-panel";

/** The viewer's chat and automap, side by side; a citation or a source box is shown on the page above. */
export function DocumentAssistant({
  batchId,
  documentId,
  onShowBox,
}: {
  batchId: string;
  documentId: string;
  onShowBox: (page: number, box: ChatBox) => void;
}) {
  const show = (page: number, box: ChatBox) => {
    onShowBox(page, box);
    document.querySelector('[data-testid="page-canvas"]')?.scrollIntoView({ block: "center" });
  };
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <DocumentChatPanel
        batchId={batchId}
        documentId={documentId}
        title="Ask about this document"
        onCitation={(citation) => show(citation.page, citation.box)}
      />
      <AutomapPanel batchId={batchId} documentId={documentId} onShowBox={show} />
    </div>
  );
}
