"use client";

import { useEffect, useMemo, useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";

export interface NormalisedBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

type PageSource = { kind: "batch"; batchId: string; documentId: string } | { kind: "file"; file: File };

interface ResultsPage {
  documents: Array<{ pages: Array<{ image_url: string | null }> }>;
}

/**
 * The page a value was read from with its words outlined (boxes are 0–1 of the page). A batch's page
 * comes from its stored image; a chosen image file is shown as is; other files cannot be drawn here.
 */
export function HighlightedPage({
  source,
  page,
  box,
  label,
}: {
  source: PageSource;
  page: number;
  box: NormalisedBox | null;
  label: string;
}) {
  const [imageUrl, setImageUrl] = useState<{ key: string; url: string | null }>();
  const batchKey = source.kind === "batch" ? `${source.batchId}/${source.documentId}/${page}` : undefined;
  const fileUrl = useMemo(
    () => (source.kind === "file" && source.file.type.startsWith("image/") ? URL.createObjectURL(source.file) : null),
    [source],
  );
  useEffect(() => (fileUrl ? () => URL.revokeObjectURL(fileUrl) : undefined), [fileUrl]);
  useEffect(() => {
    if (source.kind !== "batch" || !batchKey) return;
    const controller = new AbortController();
    const query = `document_id=${source.documentId}&page_offset=${page - 1}&page_limit=1`;
    apiFetch<ResultsPage>(`/api/batch/results/${source.batchId}?${query}`, { signal: controller.signal })
      .then((results) => setImageUrl({ key: batchKey, url: results.documents[0]?.pages[0]?.image_url ?? null }))
      .catch(() => setImageUrl({ key: batchKey, url: null }));
    return () => controller.abort();
  }, [source, page, batchKey]);

  const url = source.kind === "file" ? fileUrl : imageUrl?.key === batchKey ? imageUrl?.url : undefined;
  if (url === null)
    return (
      <p className="text-sm text-ink-muted">
        Page {page}. Choose a document from a batch (or an image) to see the value marked on its page.
      </p>
    );
  if (url === undefined) return <p className="text-sm text-ink-muted">Loading page {page}…</p>;
  return (
    <figure className="relative overflow-hidden rounded border border-line">
      {/* eslint-disable-next-line @next/next/no-img-element -- a signed page image or a local object URL */}
      <img src={url} alt={`Page ${page} of the document`} className="block h-auto w-full" />
      {box ? (
        <span
          data-testid="value-highlight"
          aria-hidden="true"
          className="absolute rounded-sm border-2 border-amber-500 bg-amber-300/30"
          style={{
            left: `${box.x * 100}%`,
            top: `${box.y * 100}%`,
            width: `${box.width * 100}%`,
            height: `${box.height * 100}%`,
          }}
        />
      ) : null}
      <figcaption className="sr-only">
        Page {page}, with the words of {label} outlined.
      </figcaption>
    </figure>
  );
}
