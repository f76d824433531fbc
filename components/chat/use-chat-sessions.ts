"use client";

import { useCallback, useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { useApiResource } from "@/lib/client/use-api-resource";

export interface ChatSessionSummary {
  session_id: string;
  title: string | null;
  document_name: string | null;
  message_count: number;
  updated_at: string;
}

/** The saved sessions of a document, a batch or the whole library, with refresh and delete. */
export function useChatSessions(filter: { batchId?: string; documentId?: string }) {
  const query = new URLSearchParams();
  if (filter.documentId) query.set("document_id", filter.documentId);
  else if (filter.batchId) query.set("batch_id", filter.batchId);
  const resource = useApiResource<{ sessions: ChatSessionSummary[] }>(`/api/batch/document-chat/sessions?${query}`);
  const [removeError, setRemoveError] = useState<string>();
  const { reload } = resource;

  const remove = useCallback(
    async (sessionId: string) => {
      try {
        await apiFetch(`/api/batch/document-chat/sessions/${sessionId}`, { method: "DELETE" });
        setRemoveError(undefined);
      } catch (thrown) {
        setRemoveError(thrown instanceof Error ? thrown.message : String(thrown));
      } finally {
        reload();
      }
    },
    [reload],
  );

  return {
    sessions: resource.data?.sessions ?? [],
    error: removeError ?? resource.error?.message,
    refresh: reload,
    remove,
  };
}
