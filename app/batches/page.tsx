import type { Metadata } from "next";
import Link from "next/link";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { BatchList } from "@/components/documents/batch-list";
import { SignInPrompt } from "@/components/auth/sign-in-prompt";
import { buttonClasses } from "@/components/ui/button-classes";

export const metadata: Metadata = { title: "Batches" };

export default async function BatchesPage() {
  const user = await getCurrentUser();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Batches</h1>
          <p className="mt-2 text-ink-muted">
            Everything you uploaded, newest first. Statuses update by themselves while documents are read.
          </p>
        </div>
        {user ? (
          <Link href="/upload" className={buttonClasses("primary")}>
            Upload documents
          </Link>
        ) : null}
      </div>
      {user ? (
        <BatchList />
      ) : (
        <SignInPrompt title="Sign in to see your batches" next="/batches">
          Guests find their upload on the home page.
        </SignInPrompt>
      )}
    </div>
  );
}
