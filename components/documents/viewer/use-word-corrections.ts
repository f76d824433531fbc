"use client";

import { useCallback, useState } from "react";
import { saveWordCorrections } from "../batch-api";
import type { PageBoxes, ResultPage } from "../types";
import { stepWord, type WordStep } from "./word-navigation";

/**
 * Which word of the page has the keyboard focus, which one is open for correction, and saving a
 * correction (straight to the server: the page comes back with its text rebuilt from the words).
 */
export function useWordCorrections(options: {
  batchId: string;
  documentId: string;
  page?: ResultPage;
  /** The page as stored after the correction, and as it was before (for undo). */
  onSaved: (page: ResultPage, before: ResultPage) => void;
  onError: (message: string) => void;
}) {
  const { batchId, documentId, page, onSaved, onError } = options;
  const [focused, setFocused] = useState<{ page: number; index: number }>();
  const [open, setOpen] = useState<{ page: number; index: number }>();
  const [saving, setSaving] = useState(false);
  const pageNumber = page?.page_number;
  const boxes = page?.bounding_boxes as Partial<PageBoxes> | undefined;

  const focusedWord = focused && focused.page === pageNumber ? focused.index : undefined;
  const openWord = open && open.page === pageNumber ? open.index : undefined;

  const focus = useCallback(
    (index: number | undefined) =>
      setFocused(index === undefined || pageNumber === undefined ? undefined : { page: pageNumber, index }),
    [pageNumber],
  );
  const openAt = useCallback(
    (index: number) => {
      if (pageNumber === undefined) return;
      setFocused({ page: pageNumber, index });
      setOpen({ page: pageNumber, index });
    },
    [pageNumber],
  );
  const close = useCallback(() => setOpen(undefined), []);

  const step = useCallback(
    (from: number | undefined, direction: WordStep) =>
      stepWord({ words: boxes?.words ?? [], lines: boxes?.lines ?? [] }, from, direction),
    [boxes],
  );

  const save = useCallback(
    async (index: number, text: string): Promise<boolean> => {
      if (pageNumber === undefined || !page) return false;
      setSaving(true);
      try {
        onSaved(await saveWordCorrections(batchId, documentId, pageNumber, [{ index, text }]), page);
        return true;
      } catch (thrown) {
        onError(`Word not saved: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [batchId, documentId, pageNumber, page, onSaved, onError],
  );

  const move = useCallback(
    (index: number, direction: "next" | "previous") => {
      const next = step(index, direction);
      if (next === undefined || next === index) close();
      else openAt(next);
    },
    [step, close, openAt],
  );

  return { focusedWord, openWord, saving, focus, open: openAt, close, save, move, step };
}
