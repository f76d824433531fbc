import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { DocumentViewer } from "@/components/documents/viewer/document-viewer";

export const metadata: Metadata = { title: "Document" };

export default async function DocumentPage({
  params,
  searchParams,
}: {
  params: Promise<{ batch_id: string; document_id: string }>;
  searchParams: Promise<{ page?: string | string[]; box?: string | string[] }>;
}) {
  const [{ batch_id: batchId, document_id: documentId }, query, user] = await Promise.all([
    params,
    searchParams,
    getCurrentUser(),
  ]);
  const requested = Number(Array.isArray(query.page) ? query.page[0] : query.page);
  // ?box=x,y,width,height (0–1): a chat citation opened from the chat page.
  const box = String(Array.isArray(query.box) ? query.box[0] : (query.box ?? ""))
    .split(",")
    .map(Number);
  const highlight =
    box.length === 4 && box.every((value) => Number.isFinite(value) && value >= 0 && value <= 1)
      ? { x: box[0], y: box[1], width: box[2], height: box[3] }
      : undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <DocumentViewer
        key={`${batchId}/${documentId}`}
        batchId={batchId}
        documentId={documentId}
        initialPage={Number.isInteger(requested) && requested > 0 ? requested : 1}
        signedIn={user !== null}
        initialHighlight={highlight}
      />
    </div>
  );
}
