"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ApiError } from "@/lib/client/api-error";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Spinner } from "@/components/ui/spinner";
import type { ReadableFormats } from "@/lib/batches/get-upload-allowance";
import { GUEST_MAX_FILE_SIZE_BYTES, GUEST_MAX_PAGES } from "@/lib/upload-limits/guest-limits";
import { fetchBatchHistory } from "./batch-api";
import { checkChosenFile, countPdfPagesInBrowser } from "./check-chosen-files";
import { FileDropZone } from "./file-drop-zone";
import { formatBytes } from "./format";
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
export function GuestUpload({ formats }: { formats: ReadableFormats }) {
  const router = useRouter();
  const [session, setSession] = useState<Session>({ phase: "loading" });
  const [precheck, setPrecheck] = useState<{ fileName: string; problem: string }>();
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
    const [file] = files;
    const pagesLeft =
      session.phase === "ready" && session.limits
        ? session.limits.max_pages - session.limits.current_pages
        : GUEST_MAX_PAGES;
    // Checked before a guest session is made, so a file that would be refused spends none.
    const { problem } = await checkChosenFile(
      file,
      { maxFileSizeBytes: GUEST_MAX_FILE_SIZE_BYTES, maxPages: pagesLeft, ...formats },
      countPdfPagesInBrowser,
    );
    setPrecheck(problem ? { fileName: file.name, problem } : undefined);
    if (problem) return;
    try {
      const limits = session.phase === "ready" && session.limits ? session.limits : await ensureGuestSession();
      setSession({ phase: "ready", limits });
      if (limits.can_upload) await start([file], { guestSessionId: limits.session_id });
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
        {guestLimitsText(session)}
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
        {precheck ? (
          <Alert
            tone="error"
            title={`${precheck.fileName} cannot be uploaded`}
            action={
              <Button variant="secondary" onClick={() => setPrecheck(undefined)}>
                Choose another file
              </Button>
            }
          >
            {precheck.problem}
          </Alert>
        ) : null}
        {session.phase === "ready" && state.phase === "idle" && !precheck ? (
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
          <UploadProgressList
            files={state.files}
            sent={state.sent}
            upload={upload}
            status={status}
            refusedAll={state.phase === "failed" ? state.error.message : undefined}
          />
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

/** What a guest may upload, said only while they can: an unavailable or used-up allowance is said instead. */
function guestLimitsText(session: Session): string {
  // The alert below says why; promising an upload here would contradict it.
  if (session.phase === "error") return "";
  if (session.phase === "ready" && session.limits && !session.limits.can_upload) return session.limits.message;
  const pages = session.phase === "ready" && session.limits ? session.limits.max_pages : GUEST_MAX_PAGES;
  return `As a guest you can upload 1 file (a PDF or an image) of up to ${pages} pages and ${formatBytes(GUEST_MAX_FILE_SIZE_BYTES)}.`;
}
