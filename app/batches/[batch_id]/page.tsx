import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { BatchDetail } from "@/components/documents/batch-detail";

export const metadata: Metadata = { title: "Batch" };

export default async function BatchPage({ params }: { params: Promise<{ batch_id: string }> }) {
  const [{ batch_id: batchId }, user] = await Promise.all([params, getCurrentUser()]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <BatchDetail batchId={batchId} signedIn={user !== null} />
    </div>
  );
}
