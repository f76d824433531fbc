"use client";

import { Button } from "@/components/ui/button";
import { maskedKey, type ApiKeySummary } from "./api-key-types";
import { formatDateTime } from "./format";

function KeyStatus({ apiKey }: { apiKey: ApiKeySummary }) {
  return apiKey.is_active ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900 dark:bg-green-950 dark:text-green-100">
      Active
    </span>
  ) : (
    <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink-muted">
      Revoked{apiKey.deactivated_at ? ` ${formatDateTime(apiKey.deactivated_at)}` : ""}
    </span>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke: (key: ApiKeySummary) => void }) {
  return apiKey.is_active ? (
    <Button
      variant="ghost"
      className="px-2 py-1 text-red-700 dark:text-red-400"
      onClick={() => onRevoke(apiKey)}
      aria-label={`Revoke ${apiKey.name} (${maskedKey(apiKey)})`}
    >
      Revoke
    </Button>
  ) : null;
}

/**
 * The keys with prefix and last four, dates and status; active keys can be revoked. A table from a
 * tablet's width up; on a phone one card per key, so Revoke is always on screen.
 */
export function ApiKeyTable({ keys, onRevoke }: { keys: ApiKeySummary[]; onRevoke: (key: ApiKeySummary) => void }) {
  return (
    <>
      <ul className="flex flex-col gap-3 sm:hidden" aria-label="Your API keys">
        {keys.map((key) => (
          <li key={key.key_id} className="rounded-lg border border-line p-3 text-sm" data-testid="api-key-card">
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 break-words font-medium text-ink">{key.name}</span>
              <RevokeButton apiKey={key} onRevoke={onRevoke} />
            </div>
            <p className="mt-1 break-all font-mono">{maskedKey(key)}</p>
            <p className="mt-1 text-ink-muted">
              Created {formatDateTime(key.created_at)} · last used{" "}
              {key.last_used_at ? formatDateTime(key.last_used_at) : "never"}
            </p>
            <p className="mt-2">
              <KeyStatus apiKey={key} />
            </p>
          </li>
        ))}
      </ul>
      <ApiKeyRows keys={keys} onRevoke={onRevoke} />
    </>
  );
}

function ApiKeyRows({ keys, onRevoke }: { keys: ApiKeySummary[]; onRevoke: (key: ApiKeySummary) => void }) {
  return (
    <div className="relative hidden overflow-x-auto rounded-lg border border-line sm:block">
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
                <KeyStatus apiKey={key} />
              </td>
              <td className="px-4 py-2 text-right">
                <RevokeButton apiKey={key} onRevoke={onRevoke} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
