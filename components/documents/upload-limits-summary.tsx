import type { UploadAllowance } from "@/lib/batches/get-upload-allowance";
import { formatBytes } from "./format";

/** The signed-in caller's limits, shown before they choose anything. */
export function UploadLimitsSummary({ allowance }: { allowance: UploadAllowance }) {
  const pagesLeft = Math.floor(allowance.tokensAvailable / allowance.tokensPerPage);
  return (
    <div className="rounded-md border border-line bg-surface-muted px-4 py-3 text-sm" data-testid="upload-limits">
      <p className="font-medium">Your {allowance.tierName} plan</p>
      <ul className="mt-1 list-disc pl-5 text-ink-muted">
        <li>Any number of files, up to {formatBytes(allowance.maxRequestBytes)} in one upload</li>
        <li>Each file up to {formatBytes(allowance.maxFileSizeBytes)}</li>
        <li>Up to {allowance.maxPages} pages in one upload</li>
        <li>
          {allowance.tokensAvailable.toLocaleString("en")} tokens left this month (about{" "}
          {pagesLeft.toLocaleString("en")} pages at {allowance.tokensPerPage.toLocaleString("en")} tokens a page)
        </li>
      </ul>
    </div>
  );
}
