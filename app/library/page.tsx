import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { SignInPrompt } from "@/components/auth/sign-in-prompt";
import { LibraryList } from "@/components/library/library-list";

export const metadata: Metadata = { title: "Library" };

export default async function LibraryPage() {
  const user = await getCurrentUser();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Library</h1>
        <p className="mt-2 text-ink-muted">
          Files you added or saved: templates for filling and documents. Add one, download them, delete them, or process
          one as a new batch.
        </p>
      </div>
      {user ? (
        <LibraryList />
      ) : (
        <SignInPrompt title="Sign in to see your library" next="/library">
          Your saved files are kept with your account.
        </SignInPrompt>
      )}
    </div>
  );
}
