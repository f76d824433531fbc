"use client";

import { Button } from "@/components/ui/button";
import { maskedKey, type ApiKeySummary } from "./api-key-types";
import { formatDateTime } from "./format";

/** The keys with prefix and last four, dates and status; active keys can be revoked. */
export function ApiKeyTable({ keys, onRevoke }: { keys: ApiKeySummary[]; onRevoke: (key: ApiKeySummary) => void }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-line">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Your API keys</caption>
        <thead className="bg-surface-muted text-ink-muted">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Key
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Created
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Last used
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.key_id} className="border-t border-line" data-testid="api-key-row">
              <td className="px-4 py-2 font-medium text-ink">{key.name}</td>
              <td className="px-4 py-2 font-mono">{maskedKey(key)}</td>
              <td className="px-4 py-2">{formatDateTime(key.created_at)}</td>
              <td className="px-4 py-2">{key.last_used_at ? formatDateTime(key.last_used_at) : "Never"}</td>
              <td className="px-4 py-2">
                {key.is_active ? (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900 dark:bg-green-950 dark:text-green-100">
                    Active
                  </span>
                ) : (
                  <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink-muted">
                    Revoked{key.deactivated_at ? ` ${formatDateTime(key.deactivated_at)}` : ""}
                  </span>
                )}
              </td>
              <td className="px-4 py-2 text-right">
                {key.is_active ? (
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-red-700 dark:text-red-400"
                    onClick={() => onRevoke(key)}
                    aria-label={`Revoke ${key.name} (${maskedKey(key)})`}
                  >
                    Revoke
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
