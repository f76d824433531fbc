"use client";

import { useEffect, useMemo, useState } from "react";
import Link from "next/link";
import { viewerPath } from "@/components/documents/paths";
import type { FillFieldDetail } from "./fill-api";

export interface SourceChoice {
  /** Files chosen on this computer, by name. */
  files: File[];
  /** The batch's documents by file name, when the sources came from a batch. */
  batchDocuments: Array<{ batchId: string; documentId: string; fileName: string }>;
}

/**
 * Where a filled value came from: the source image with the cited words outlined when the source is an
 * image on this computer, a link to the page in the viewer when it came from a batch, else the page.
 */
export function FillEvidence({ field, sources }: { field: FillFieldDetail; sources: SourceChoice }) {
  const file = sources.files.find((candidate) => candidate.name === field.source_file);
  const batchDocument = sources.batchDocuments.find((candidate) => candidate.fileName === field.source_file);
  const image = file && file.type.startsWith("image/") ? file : undefined;
  return (
    <section aria-label={`Evidence for ${field.label || field.field_name}`} className="flex flex-col gap-2 text-sm">
      <p>
        <span className="font-medium">{field.label || field.field_name}</span>: {field.reason}
      </p>
      {field.source === "document" && field.source_file ? (
        <p className="text-ink-muted">
          From {field.source_file}
          {field.page ? `, page ${field.page}` : ""}
          {batchDocument ? (
            <>
              {" · "}
              <Link
                className="text-brand-700 underline dark:text-brand-100"
                href={viewerPath(batchDocument.batchId, batchDocument.documentId, field.page)}
              >
                open the page in the viewer
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {image && field.box ? <BoxedImage file={image} box={field.box} label={field.value} /> : null}
    </section>
  );
}

function BoxedImage({ file, box, label }: { file: File; box: NonNullable<FillFieldDetail["box"]>; label: string }) {
  // An object URL per file, released when the file changes or the panel closes.
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const [size, setSize] = useState<{ width: number; height: number }>();
  const percent = (part: number, whole: number | undefined) => (whole ? `${(part / whole) * 100}%` : "0");
  return (
    <div className="relative max-w-full overflow-hidden rounded border border-line">
      {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL, not an optimisable asset */}
      <img
        src={url}
        alt={`${file.name}, the source page`}
        className="block h-auto w-full"
        onLoad={(event) =>
          setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
        }
      />
      <span className="sr-only">The cited words, {label}, are outlined on the page.</span>
      {size ? (
        <span
          data-testid="evidence-box"
          aria-hidden="true"
          className="absolute rounded-sm border-2 border-amber-500 bg-amber-300/30"
          style={{
            left: percent(box.x, size.width),
            top: percent(box.y, size.height),
            width: percent(box.width, size.width),
            height: percent(box.height, size.height),
          }}
        />
      ) : null}
    </div>
  );
}
