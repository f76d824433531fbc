import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { SignInPrompt } from "@/components/auth/sign-in-prompt";
import { LibraryChat } from "@/components/chat/library-chat";

export const metadata: Metadata = { title: "Chat" };

export default async function ChatPage({ searchParams }: { searchParams: Promise<{ batch_id?: string | string[] }> }) {
  const [query, user] = await Promise.all([searchParams, getCurrentUser()]);
  const batchId = Array.isArray(query.batch_id) ? query.batch_id[0] : query.batch_id;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Chat with your documents</h1>
        <p className="mt-2 text-ink-muted">
          {batchId
            ? "Questions are answered from this batch's documents."
            : "Questions are answered from every document you uploaded."}{" "}
          Each answer cites the page and the words it comes from; click a citation to see it on the page.
        </p>
      </div>
      {user ? (
        <LibraryChat batchId={batchId} />
      ) : (
        <SignInPrompt title="Sign in to chat with your documents" next="/chat" />
      )}
    </div>
  );
}
