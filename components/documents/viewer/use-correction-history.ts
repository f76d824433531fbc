"use client";

import { useCallback, useState } from "react";
import { saveDocumentCorrections } from "../batch-api";
import type { ResultPage } from "../types";
import { restoreBody, type SavedCorrection } from "./saved-corrections";

/**
 * The saved corrections of this visit, newest last, each undoable as a whole: undo writes the pages back
 * exactly as they were before it (text, word boxes, structure) through the corrections route.
 */
export function useCorrectionHistory(options: {
  batchId: string;
  documentId: string;
  onRestored: (pages: ResultPage[]) => void;
  onError: (message: string) => void;
}) {
  const { batchId, documentId, onRestored, onError } = options;
  const [history, setHistory] = useState<SavedCorrection[]>([]);
  const [undoing, setUndoing] = useState(false);

  const record = useCallback((correction: SavedCorrection) => {
    if (correction.before.length > 0) setHistory((previous) => [...previous, correction]);
  }, []);

  const undo = useCallback(async (): Promise<SavedCorrection | undefined> => {
    const last = history.at(-1);
    if (!last) return undefined;
    setUndoing(true);
    try {
      await saveDocumentCorrections(batchId, documentId, last.before.map(restoreBody));
      onRestored(last.before);
      setHistory((previous) => previous.slice(0, -1));
      return last;
    } catch (thrown) {
      onError(`Not undone: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
      return undefined;
    } finally {
      setUndoing(false);
    }
  }, [batchId, documentId, history, onRestored, onError]);

  return { last: history.at(-1), count: history.length, undoing, record, undo };
}
