"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { useApiResource } from "@/lib/client/use-api-resource";
import type { ApiKeySummary } from "./api-key-types";
import { CodeBlock } from "./code-block";

const noSubscription = () => () => {};

/** The address this page was opened at: the base URL the person's own calls should use. */
function useBrowserOrigin(serverFallback: string): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => serverFallback,
  );
}

/** curl examples with the real base URL and, when signed in, the prefix of the newest active key. */
export function QuickStart({ appUrl, signedIn }: { appUrl: string; signedIn: boolean }) {
  const origin = useBrowserOrigin(appUrl);
  return signedIn ? <SignedInQuickStart origin={origin} /> : <Snippets origin={origin} keyPrefix={undefined} />;
}

function SignedInQuickStart({ origin }: { origin: string }) {
  const keys = useApiResource<ApiKeySummary[]>("/api/users/me/api-keys");
  const newestActive = keys.data
    ?.filter((key) => key.is_active)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  return <Snippets origin={origin} keyPrefix={newestActive?.prefix} />;
}

function Snippets({ origin, keyPrefix }: { origin: string; keyPrefix: string | undefined }) {
  const auth = "Authorization: Bearer $DOCSVC_API_KEY";
  const snippets = [
    {
      title: "1. Put your key in the environment",
      code: keyPrefix
        ? `# Paste the full key you copied when you created it; it starts with ${keyPrefix}\nexport DOCSVC_API_KEY="${keyPrefix}…"`
        : 'export DOCSVC_API_KEY="sd_…"   # create a key under API keys',
    },
    { title: "2. List the models", code: `curl -s ${origin}/v1/models \\\n  -H "${auth}"` },
    {
      title: "3. Extract a document",
      code: `curl -s -X POST ${origin}/v1/extract \\\n  -H "${auth}" \\\n  -F "file=@invoice.pdf" \\\n  -F 'schema=[{"name":"invoice_number","type":"string"},{"name":"total","type":"number"}]'`,
    },
    { title: "4. Follow a long job", code: `curl -s ${origin}/v1/jobs/JOB_ID \\\n  -H "${auth}"` },
    { title: "5. See your usage", code: `curl -s ${origin}/v1/usage \\\n  -H "${auth}"` },
  ];

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-ink-muted">
        Base URL:{" "}
        <code className="font-mono text-ink" data-testid="base-url">
          {origin}
        </code>
        .{" "}
        {keyPrefix ? (
          <>Examples use your newest key ({keyPrefix}…).</>
        ) : (
          <>
            You need an API key:{" "}
            <Link href="/developers" className="underline">
              create one
            </Link>
            .
          </>
        )}{" "}
        One file of up to 5 pages answers at once; more pages, more files or a webhook_url answer 202 with a job to
        poll.
      </p>
      {snippets.map((snippet) => (
        <CodeBlock key={snippet.title} title={snippet.title} code={snippet.code} />
      ))}
    </div>
  );
}
