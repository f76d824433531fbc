import { notFound } from "next/navigation";
import { getDb } from "@/lib/db";
import { isOutboxViewEnabled, listOutbox } from "@/lib/email/list-outbox";

export const dynamic = "force-dynamic";

// Development only: every email the app wrote (sent over SMTP or only logged), newest first, so a
// person can click a reset or invitation link without a mail server. Hidden in production.
export default async function OutboxPage({ searchParams }: { searchParams: Promise<{ to?: string }> }) {
  if (!isOutboxViewEnabled()) notFound();
  const { to } = await searchParams;
  const messages = await listOutbox({ db: await getDb(), to, limit: 100 });
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="mb-4 text-2xl font-semibold">Email outbox{to ? ` for ${to}` : ""}</h1>
      {messages.length === 0 && <p>No messages.</p>}
      <ul className="space-y-4">
        {messages.map((message) => (
          <li
            key={message.id}
            className="rounded border p-4"
            data-testid="outbox-message"
            data-to={message.to}
            data-status={message.status}
          >
            <p className="text-sm text-gray-500">
              {message.createdAt.toISOString()} · to {message.to} · {message.status}
              {message.error ? ` (${message.error})` : ""}
            </p>
            <h2 className="font-medium" data-testid="outbox-subject">
              {message.subject}
            </h2>
            <pre className="whitespace-pre-wrap text-sm" data-testid="outbox-text">
              {linkify(message.text)}
            </pre>
          </li>
        ))}
      </ul>
    </main>
  );
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      <a key={index} href={part} className="text-blue-600 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
