import { Button } from "@/components/ui/button";
import { formatBytes, plural } from "./format";
import type { ChosenFile } from "./use-chosen-files";

/** The chosen files before sending: size and pages where known, and in red what the browser found wrong. */
export function ChosenFileList({ chosen, onRemove }: { chosen: ChosenFile[]; onRemove: (id: number) => void }) {
  return (
    <ul className="flex flex-col divide-y divide-line rounded-md border border-line" aria-label="Chosen files">
      {chosen.map(({ id, file, check }) => {
        const problem = check?.problem;
        return (
          <li
            key={id}
            className={`flex flex-col gap-1 px-3 py-2 text-sm ${problem ? "bg-red-50 dark:bg-red-950" : ""}`}
            data-refused={problem ? "true" : undefined}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 break-all">{file.name}</span>
              <span className="flex shrink-0 items-center gap-2 text-ink-muted">
                {formatBytes(file.size)}
                {check?.pages !== undefined ? ` · ${plural(check.pages, "page")}` : ""}
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => onRemove(id)}
                >
                  Remove
                </Button>
              </span>
            </div>
            {problem ? (
              <p className="text-red-800 dark:text-red-200" data-testid="chosen-file-problem">
                {problem}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
