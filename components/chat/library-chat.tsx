"use client";

import { useRouter } from "next/navigation";
import { viewerPath } from "@/components/documents/paths";
import { DocumentChatPanel } from "./document-chat-panel";

/** The chat page's panel: a citation opens the document's page in the viewer with the box highlighted. */
export function LibraryChat({ batchId }: { batchId?: string }) {
  const router = useRouter();
  return (
    <DocumentChatPanel
      batchId={batchId}
      title={batchId ? "Ask about this batch" : "Ask about all your documents"}
      onCitation={(citation) => {
        const { x, y, width, height } = citation.box;
        router.push(
          `${viewerPath(citation.batch_id, citation.document_id, citation.page)}&box=${[x, y, width, height].map((value) => value.toFixed(5)).join(",")}`,
        );
      }}
    />
  );
}
