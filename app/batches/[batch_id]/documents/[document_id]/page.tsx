import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { DocumentViewer } from "@/components/documents/viewer/document-viewer";

export const metadata: Metadata = { title: "Document" };

export default async function DocumentPage({
  params,
  searchParams,
}: {
  params: Promise<{ batch_id: string; document_id: string }>;
  searchParams: Promise<{ page?: string | string[] }>;
}) {
  const [{ batch_id: batchId, document_id: documentId }, query, user] = await Promise.all([params, searchParams, getCurrentUser()]);
  const requested = Number(Array.isArray(query.page) ? query.page[0] : query.page);
  return (
    <div className="mx-auto max-w-[96rem] px-4 py-6">
      <DocumentViewer
        key={`${batchId}/${documentId}`}
        batchId={batchId}
        documentId={documentId}
        initialPage={Number.isInteger(requested) && requested > 0 ? requested : 1}
        signedIn={user !== null}
      />
    </div>
  );
}
