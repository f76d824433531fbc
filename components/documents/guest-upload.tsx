"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ApiError } from "@/lib/client/api-error";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Spinner } from "@/components/ui/spinner";
import { fetchBatchHistory } from "./batch-api";
import { FileDropZone } from "./file-drop-zone";
import { ensureGuestSession, loadStoredGuestSession, type GuestLimits } from "./guest-session";
import { batchPath, CLAIM_PATH, viewerPath } from "./paths";
import { UploadProgressList } from "./upload-progress-list";
import { UploadRefusal } from "./upload-refusal";
import { useBatchStatus } from "./use-batch-status";
import { useUpload } from "./use-upload";
import { isSettled } from "./types";

/** limits is null until the guest first chooses a file: only then is a guest session created. */
type Session =
  | { phase: "loading" }
  | { phase: "ready"; limits: GuestLimits | null; earlierBatchId?: string }
  | { phase: "error"; error: ApiError };

const SIGN_UP_TO_KEEP = `/sign-up?next=${encodeURIComponent(CLAIM_PATH)}`;

/**
 * A guest's first upload, right on the landing page: a guest session is made behind the scenes when
 * the guest first chooses a file (opening the page spends none of the address's daily sessions) and
 * kept in this browser, and the result opens in the viewer once it is read.
 */
export function GuestUpload() {
  const router = useRouter();
  const [session, setSession] = useState<Session>({ phase: "loading" });
  const { state, start, reset } = useUpload();
  const guestSessionId = session.phase === "ready" ? session.limits?.session_id : undefined;
  const upload = state.phase === "uploaded" ? state.upload : undefined;
  const { status, error: statusError } = useBatchStatus({ guestSessionId }, upload?.batch_id);
  const firstDocumentId = upload?.documents[0]?.document_id;
  const readable = status && (status.status === "completed" || status.status === "partially_completed");

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const limits = await loadStoredGuestSession();
      // A used-up session still opens its document: offer it instead of a dead end.
      const earlier =
        limits && limits.current_files > 0
          ? await fetchBatchHistory({ guestSessionId: limits.session_id }, { limit: 1, offset: 0 })
          : undefined;
      if (!cancelled) setSession({ phase: "ready", limits, earlierBatchId: earlier?.batches[0]?.batch_id });
    })().catch((error: unknown) => {
      if (!cancelled)
        setSession({ phase: "error", error: error instanceof ApiError ? error : new ApiError(0, String(error)) });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  async function uploadAsGuest(files: File[]) {
    try {
      const limits = session.phase === "ready" && session.limits ? session.limits : await ensureGuestSession();
      setSession({ phase: "ready", limits });
      if (limits.can_upload) await start(files.slice(0, 1), { guestSessionId: limits.session_id });
    } catch (error) {
      setSession({ phase: "error", error: error instanceof ApiError ? error : new ApiError(0, String(error)) });
    }
  }

  useEffect(() => {
    if (upload && firstDocumentId && readable) router.push(viewerPath(upload.batch_id, firstDocumentId));
  }, [upload, firstDocumentId, readable, router]);

  return (
    <section aria-labelledby="guest-upload-title" className="rounded-lg border border-line bg-surface-muted p-5 sm:p-6">
      <h2 id="guest-upload-title" className="text-lg font-semibold">
        Try it now — no account needed
      </h2>
      <p className="mt-1 min-h-10 text-sm text-ink-muted" data-testid="guest-limits">
        {session.phase === "ready" && session.limits
          ? `As a guest you can upload ${session.limits.max_files} file (a PDF or an image) of up to ${session.limits.max_pages} pages and 10 MB. ${session.limits.can_upload ? "" : session.limits.message}`
          : "As a guest you can upload 1 file (a PDF or an image) of up to 46 pages and 10 MB."}
      </p>
      <div className="mt-4 flex flex-col gap-4">
        {session.phase === "loading" ? <Spinner label="Loading…" className="min-h-32" /> : null}
        {session.phase === "error" ? (
          <Alert tone="error" title="Guest uploads are unavailable right now">
            {session.error.message}{" "}
            <Link href="/sign-up" className="underline">
              Create an account
            </Link>{" "}
            to upload instead.
          </Alert>
        ) : null}
        {session.phase === "ready" && state.phase === "idle" ? (
          !session.limits || session.limits.can_upload ? (
            <FileDropZone
              label="Choose a file"
              accept="application/pdf,image/*"
              onFiles={(files) => void uploadAsGuest(files)}
            >
              The file is read in the background; you will see its text and boxes in a moment.
            </FileDropZone>
          ) : (
            <div className="flex flex-wrap gap-2">
              {session.earlierBatchId ? (
                <Link href={batchPath(session.earlierBatchId)} className={buttonClasses("primary")}>
                  Open your document
                </Link>
              ) : null}
              <Link href={SIGN_UP_TO_KEEP} className={buttonClasses("secondary")}>
                Sign up to upload more
              </Link>
            </div>
          )
        ) : null}
        {state.phase !== "idle" ? (
          <UploadProgressList files={state.files} sent={state.sent} upload={upload} status={status} />
        ) : null}
        {state.phase === "failed" ? (
          <UploadRefusal
            error={state.error}
            action={
              <Button variant="secondary" onClick={reset}>
                Choose another file
              </Button>
            }
          />
        ) : null}
        {statusError && !status ? <UploadRefusal error={statusError} /> : null}
        {status && isSettled(status.status) && upload && firstDocumentId ? (
          <div className="flex flex-wrap gap-2">
            {readable ? (
              <Link href={viewerPath(upload.batch_id, firstDocumentId)} className={buttonClasses("primary")}>
                Open in the viewer
              </Link>
            ) : (
              <Alert tone="error" title="The file could not be read">
                {status.documents[0]?.error ?? "No page could be read."}
              </Alert>
            )}
          </div>
        ) : null}
        <p className="text-sm text-ink-muted">
          Guest results are kept for 7 days in this browser.{" "}
          <Link href={SIGN_UP_TO_KEEP} className="font-medium text-brand-600 underline dark:text-brand-100">
            Sign up to keep this
          </Link>{" "}
          — your upload moves to your new account.
        </p>
      </div>
    </section>
  );
}
