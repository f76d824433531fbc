"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  checkChosenFile,
  checkChosenTotals,
  countPdfPagesInBrowser,
  type BrowserUploadLimits,
  type ChosenFileCheck,
} from "./check-chosen-files";

export interface ChosenFile {
  /** Stable across removals, for React keys. */
  id: number;
  file: File;
  /** Undefined while the browser is still checking the file. */
  check?: ChosenFileCheck;
}

/**
 * The files a person has chosen, each checked in the browser against the upload limits as it is added,
 * and what the chosen files together would exceed. `ready` when every check is done and nothing fails.
 */
export function useChosenFiles(limits: BrowserUploadLimits) {
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const nextId = useRef(0);
  const limitsRef = useRef(limits);
  useEffect(() => {
    limitsRef.current = limits;
  }, [limits]);

  const add = useCallback((files: File[]) => {
    const added = files.map((file) => ({ id: nextId.current++, file }));
    setChosen((previous) => [...previous, ...added]);
    for (const entry of added) {
      void checkChosenFile(entry.file, limitsRef.current, countPdfPagesInBrowser).then((check) =>
        setChosen((previous) => previous.map((item) => (item.id === entry.id ? { ...item, check } : item))),
      );
    }
  }, []);

  const remove = useCallback((id: number) => setChosen((previous) => previous.filter((item) => item.id !== id)), []);
  const clear = useCallback(() => setChosen([]), []);

  const totalsProblem = useMemo(() => checkChosenTotals(chosen, limits), [chosen, limits]);
  const checking = chosen.some((item) => item.check === undefined);
  const refusedCount = chosen.filter((item) => item.check?.problem).length;
  const ready = chosen.length > 0 && !checking && refusedCount === 0 && totalsProblem === undefined;

  return { chosen, add, remove, clear, totalsProblem, checking, refusedCount, ready };
}
