import { configuredLanguageModel } from "@/lib/ai/language-model";
import type { EventStream } from "@/lib/contracts/event-stream";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import { fillWebForm } from "./fill-web-form";
import { userWebShare } from "./web-caller";
import { loadFillSources } from "./load-fill-sources";
import { documentFileLoader } from "./load-document-file";
import { closeWebSession, type WebSession } from "./web-sessions";

export interface StreamWebFillInput {
  userId: string;
  url?: string;
  sessionId?: string;
  batchId?: string;
  documentIds?: string[];
  instructions?: string;
  values?: Record<string, string | boolean>;
  submit: boolean;
  maxSteps: number;
}

/**
 * web-fill as a server-sent event stream (served by the route kit). Sources are loaded (and refused) before the stream starts,
 * so a bad batch id is a plain 404. A client that disconnects mid-fill, or a fill that fails in a
 * session it opened, closes that session; a finished fill keeps it open for review and web-submit.
 */
export async function streamWebFill(options: StreamWebFillInput & { db: Db; store: BlobStore }): Promise<EventStream> {
  const { db, store, ...input } = options;
  const sources = await loadFillSources({
    db,
    userId: input.userId,
    batchId: input.batchId,
    documentIds: input.documentIds,
  });
  const hasValues = Object.keys(input.values ?? {}).length > 0;
  if (sources.length === 0 && !input.instructions && !hasValues) {
    throw new AppError("no_source_data", "Nothing to fill from: give batch_id or document_ids, instructions or values");
  }
  let session: WebSession | undefined;
  let finished = false;
  return {
    produce: async ({ send, signal }) => {
      await fillWebForm({
        ownerId: input.userId,
        share: userWebShare(),
        url: input.url,
        sessionId: input.sessionId,
        sources,
        instructions: input.instructions,
        values: input.values,
        submit: input.submit,
        maxSteps: input.maxSteps,
        ai: configuredLanguageModel(),
        send,
        signal,
        loadDocument: documentFileLoader({ db, store, userId: input.userId }),
        onSession: (opened) => {
          session = opened;
        },
      });
      finished = !signal.aborted;
    },
    onClose: async ({ clientGone }) => {
      if (session && !finished && (clientGone || !input.sessionId)) await closeWebSession(session);
    },
  };
}
