"use client";

import Link from "next/link";
import { useCallback, useEffect, useMemo, useReducer, useState } from "react";
import { DocumentAssistant } from "@/components/chat/document-assistant";
import { ExportMenu } from "@/components/export/export-menu";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FOCUS_RING } from "@/components/ui/button-classes";
import { Spinner } from "@/components/ui/spinner";
import { saveDocumentCorrections, type WordChangesSummary } from "../batch-api";
import { plural } from "../format";
import { batchPath, CLAIM_PATH, viewerPath } from "../paths";
import { StatusBadge } from "../status-badge";
import type { PageBoxes, PageStructure, ResultPage } from "../types";
import { useViewer } from "../use-viewer";
import { zoomAfterDoubleTap } from "./double-tap";
import { DocumentSearch } from "./document-search";
import { EditBar } from "./edit-bar";
import { structureItemsAt, type Selection } from "./geometry";
import { PageCanvas, type BoxLayer } from "./page-canvas";
import {
  applySaved,
  editedPageNumbers,
  editReducer,
  EMPTY_EDITS,
  structureOf,
  textOf,
  toCorrections,
} from "./page-edits";
import { StructurePanels } from "./structure-panels";
import { TextChangesPreview } from "./text-changes-preview";
import { ThumbnailStrip } from "./thumbnail-strip";
import type { Box } from "../types";
import { changeSentence, describeCorrection } from "./saved-corrections";
import { useCorrectionHistory } from "./use-correction-history";
import { useDocumentPages } from "./use-document-pages";
import { useWordCorrections } from "./use-word-corrections";
import { WordEditor } from "./word-editor";
import { viewerKeyAction } from "./viewer-keys";
import { stepZoom, ViewerToolbar } from "./viewer-toolbar";

export interface DocumentViewerProps {
  batchId: string;
  documentId: string;
  initialPage: number;
  /** Signed-in people correct documents; guests read them and are invited to sign up. */
  signedIn: boolean;
  /** A box to highlight on the initial page (a chat citation opened from elsewhere). */
  initialHighlight?: Box;
}

function describeWordChanges(changes: WordChangesSummary): string {
  const { page_number: pageNumber, kept, changed, inserted, removed } = changes;
  return ` Page ${pageNumber}: ${plural(kept, "word")} kept, ${changed} changed, ${inserted} inserted, ${removed} removed.`;
}

/** The smallest box holding all of them (a phrase over several words), to scroll to. */
function enclosingBox(boxes: Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** A document's pages with their boxes, text and structure, corrected in place. */
export function DocumentViewer({ batchId, documentId, initialPage, signedIn, initialHighlight }: DocumentViewerProps) {
  const viewer = useViewer(signedIn);
  const { meta, pages, error, ensurePage, refetchPage, replacePages, isLoading } = useDocumentPages(
    viewer,
    batchId,
    documentId,
  );
  const [current, setCurrent] = useState(Math.max(1, initialPage));
  const [zoom, setZoom] = useState(1);
  const [layer, setLayer] = useState<BoxLayer>("words");
  const [selection, setSelection] = useState<Selection | undefined>(
    initialHighlight && { id: "citation", page: Math.max(1, initialPage), box: initialHighlight, related: [] },
  );
  const [edits, dispatch] = useReducer(editReducer, EMPTY_EDITS);
  // The words of the search match being shown, on their page.
  const [searchHit, setSearchHit] = useState<{ page: number; boxes: Box[] }>();
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string }>();
  const page = pages.get(current);
  const totalPages = meta?.total_pages ?? Math.max(current, 1);
  const unsaved = useMemo(() => new Set(editedPageNumbers(edits)), [edits]);
  const onWordError = useCallback((text: string) => setMessage({ tone: "error", text }), []);
  const onRestored = useCallback(
    (restored: ResultPage[]) => {
      replacePages(restored);
      for (const restoredPage of restored) refetchPage(restoredPage.page_number);
    },
    [replacePages, refetchPage],
  );
  const savedHistory = useCorrectionHistory({ batchId, documentId, onRestored, onError: onWordError });
  const { record } = savedHistory;
  const onWordSaved = useCallback(
    (saved: ResultPage, before: ResultPage) => {
      replacePages([saved]);
      record({ before: [before], changes: describeCorrection(before, { extracted_text: saved.extracted_text }) });
    },
    [replacePages, record],
  );
  const words = useWordCorrections({ batchId, documentId, page, onSaved: onWordSaved, onError: onWordError });
  const openWord =
    words.openWord !== undefined
      ? (page?.bounding_boxes as Partial<PageBoxes> | undefined)?.words?.[words.openWord]
      : undefined;

  useEffect(() => ensurePage(current), [current, ensurePage]);

  // Closing the tab with unsaved corrections asks first.
  useEffect(() => {
    if (unsaved.size === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  const goTo = useCallback(
    (pageNumber: number) => {
      const next = Math.min(Math.max(1, pageNumber), totalPages);
      setCurrent(next);
      setSelection(undefined);
      window.history.replaceState(null, "", viewerPath(batchId, documentId, next));
    },
    [totalPages, batchId, documentId],
  );

  // Page and zoom keys anywhere in the viewer except while typing (viewer-keys.ts).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = viewerKeyAction(event);
      if (!action) return;
      event.preventDefault();
      if (action === "previous-page") goTo(current - 1);
      else if (action === "next-page") goTo(current + 1);
      else if (action === "zoom-fit") setZoom(1);
      else setZoom((previous) => stepZoom(previous, action === "zoom-in" ? 1 : -1));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [current, goTo]);

  async function save() {
    const corrections = toCorrections(edits);
    setSaving(true);
    setMessage(undefined);
    try {
      const before = corrections.flatMap((correction) => pages.get(correction.page_number) ?? []);
      const result = await saveDocumentCorrections(batchId, documentId, corrections);
      record({
        before,
        changes: before.flatMap((beforePage) => describeCorrection(beforePage, edits.drafts[beforePage.page_number])),
      });
      replacePages(
        corrections.flatMap((correction) => {
          const before = pages.get(correction.page_number);
          return before ? [applySaved(before, edits.drafts[correction.page_number], result.edited_at)] : [];
        }),
      );
      // A new text was placed on the page's words on the server: fetch the pages again for their boxes.
      for (const changed of result.word_changes) refetchPage(changed.page_number);
      dispatch({ type: "saved" });
      setMessage({
        tone: "success",
        text: `Saved ${plural(corrections.length, "page")}.${result.word_changes.map(describeWordChanges).join("")}`,
      });
    } catch (thrown) {
      setMessage({ tone: "error", text: `Not saved: ${thrown instanceof Error ? thrown.message : String(thrown)}` });
    } finally {
      setSaving(false);
    }
  }

  if (!meta && error) {
    return (
      <Alert
        tone="error"
        title={error.status === 404 || error.status === 401 ? "Document not found" : "The document could not be loaded"}
      >
        {error.status === 404 || error.status === 401
          ? signedIn
            ? "It may have been deleted, or it belongs to another account."
            : "Sign in to open your documents."
          : error.message}
      </Alert>
    );
  }

  const documentType =
    typeof meta?.structured_data.document_type === "string" ? meta.structured_data.document_type : undefined;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            href={batchPath(batchId)}
            className={`text-sm text-brand-600 underline dark:text-brand-100 ${FOCUS_RING}`}
          >
            ← Back to the batch
          </Link>
          <h1 className="mt-1 break-all text-2xl font-bold tracking-tight">{meta?.file_name ?? "Loading document…"}</h1>
          <p className="mt-1 flex min-h-6 flex-wrap items-center gap-2 text-sm text-ink-muted">
            {meta ? (
              <>
                <StatusBadge status={meta.status} /> {plural(meta.total_pages, "page")}
                {documentType ? ` · ${documentType.replace(/_/g, " ")}` : ""}
                {page?.edited ? (
                  <span className="rounded bg-green-700 px-1.5 text-xs font-semibold text-white">
                    Page {current} edited
                  </span>
                ) : null}
              </>
            ) : null}
          </p>
        </div>
        {signedIn ? <ExportMenu batchId={batchId} documentId={documentId} unsavedPages={toCorrections(edits)} /> : null}
      </div>
      {signedIn ? (
        <EditBar
          unsavedPages={unsaved.size}
          canUndo={edits.undo.length > 0}
          saving={saving}
          message={message}
          onUndo={() => dispatch({ type: "undo" })}
          onDiscard={() => dispatch({ type: "discard" })}
          onSave={save}
        />
      ) : (
        <Alert tone="info" title="You are viewing as a guest">
          <Link href={`/sign-up?next=${encodeURIComponent(CLAIM_PATH)}`} className="font-medium underline">
            Sign up to keep this document
          </Link>{" "}
          and correct its text and values.
        </Alert>
      )}
      {savedHistory.last ? (
        <Alert
          tone="success"
          title="Saved correction"
          action={
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              loading={savedHistory.undoing}
              onClick={() =>
                void savedHistory.undo().then((undone) => {
                  if (undone)
                    setMessage({
                      tone: "success",
                      text: `Undone: ${undone.changes.map(changeSentence).join("; ") || "the page is back as it was"}.`,
                    });
                })
              }
            >
              Undo correction
            </Button>
          }
        >
          <ul data-testid="correction-saved">
            {savedHistory.last.changes.length > 0 ? (
              savedHistory.last.changes.map((change, index) => <li key={index}>{changeSentence(change)}</li>)
            ) : (
              <li>No visible change.</li>
            )}
          </ul>
          {savedHistory.count > 1 ? (
            <p className="mt-1 text-xs">
              {savedHistory.count - 1} earlier {savedHistory.count - 1 === 1 ? "correction" : "corrections"} can be
              undone after this one.
            </p>
          ) : null}
        </Alert>
      ) : null}
      <DocumentSearch
        viewer={viewer}
        batchId={batchId}
        documentId={documentId}
        onShowHit={(hit) => {
          if (!hit) return setSearchHit(undefined);
          goTo(hit.page_number);
          setSearchHit({ page: hit.page_number, boxes: hit.boxes });
          const box = enclosingBox(hit.boxes);
          if (box) setSelection({ id: "search", page: hit.page_number, box, related: [], reveal: true });
        }}
      />
      <ViewerToolbar
        current={current}
        totalPages={totalPages}
        onPage={goTo}
        zoom={zoom}
        onZoom={setZoom}
        layer={layer}
        onLayer={setLayer}
      />
      <div className="grid gap-4 lg:grid-cols-[6.5rem_minmax(0,1fr)_22rem]">
        <ThumbnailStrip
          totalPages={totalPages}
          pages={pages}
          current={current}
          unsaved={unsaved}
          onSelect={goTo}
          onVisible={ensurePage}
        />
        {/* On wide screens the page stays beside the panels while they scroll, so what they select is seen. */}
        <div className="min-w-0 lg:sticky lg:top-2 lg:self-start">
          {page ? (
            <PageCanvas
              page={page}
              fileName={meta?.file_name ?? "the document"}
              layer={layer}
              zoom={zoom}
              selection={selection}
              onSelectBox={(picked) =>
                setSelection({
                  ...picked,
                  related: picked.box ? structureItemsAt(structureOf(page, edits.drafts), picked.box) : [],
                })
              }
              highlights={searchHit?.page === current ? searchHit.boxes : undefined}
              focusedWord={words.focusedWord}
              stepWord={words.step}
              onFocusWord={words.focus}
              onOpenWord={signedIn ? words.open : undefined}
              onDoubleTap={() => setZoom(zoomAfterDoubleTap)}
              onPinchZoom={setZoom}
              editor={
                layer === "words" && openWord && words.openWord !== undefined ? (
                  <WordEditor
                    key={`${current}:${words.openWord}`}
                    word={openWord}
                    index={words.openWord}
                    saving={words.saving}
                    onSave={words.save}
                    onCancel={words.close}
                    onMove={words.move}
                  />
                ) : null
              }
            />
          ) : (
            <div className="flex aspect-[1/1.414] max-h-[75vh] w-full flex-col items-center justify-center gap-3 rounded-md border border-line bg-surface-muted">
              {isLoading(current) || !meta ? (
                <Spinner label={`Loading page ${current}…`} />
              ) : (
                <>
                  <p className="text-sm text-ink-muted">Page {current} is not read yet; it appears here once it is.</p>
                  <Button variant="secondary" onClick={() => refetchPage(current)}>
                    Check again
                  </Button>
                </>
              )}
            </div>
          )}
          {error && meta ? <Alert tone="error">{error.message}</Alert> : null}
        </div>
        <aside aria-label="Extracted content" className="flex min-w-0 flex-col gap-5">
          {page ? (
            <>
              {page.status === "failed" ? (
                <Alert tone="error" title={`Page ${current} could not be read`}>
                  {page.error}
                </Alert>
              ) : null}
              <label className="flex flex-col gap-1">
                <span className="text-sm font-semibold text-ink">Extracted text</span>
                <textarea
                  value={textOf(page, edits.drafts)}
                  readOnly={!signedIn}
                  rows={10}
                  onChange={(event) =>
                    dispatch({ type: "edit", page, target: { kind: "text" }, value: event.target.value })
                  }
                  className={`w-full rounded-md border border-line bg-surface px-3 py-2 font-mono text-sm text-ink read-only:bg-surface-muted ${FOCUS_RING}`}
                />
              </label>
              <TextChangesPreview before={page.extracted_text} after={textOf(page, edits.drafts)} />
              {(page.bounding_boxes as Partial<PageBoxes> | undefined)?.text_replaced ? (
                <p className="text-sm text-ink-muted" data-testid="text-replaced">
                  This page&apos;s text was replaced: its word boxes are placed by estimate, not read from the image.
                </p>
              ) : null}
              <StructurePanels
                pageNumber={current}
                structure={structureOf(page, edits.drafts)}
                canEdit={signedIn}
                selection={selection}
                onSelect={(picked) => setSelection({ related: [], ...picked })}
                onEdit={(target, value) => dispatch({ type: "edit", page, target, value })}
                saved={page.structured_data as PageStructure}
                text={textOf(page, edits.drafts)}
                onReplaceSameValue={(from, to) => dispatch({ type: "propagate", page, from, to })}
              />
            </>
          ) : null}
        </aside>
      </div>
      {signedIn ? (
        <DocumentAssistant
          batchId={batchId}
          documentId={documentId}
          onShowBox={(pageNumber, box) => {
            goTo(pageNumber);
            setSelection({ id: "citation", page: pageNumber, box, related: [], reveal: true });
          }}
        />
      ) : null}
    </div>
  );
}
