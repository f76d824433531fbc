import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { SignInPrompt } from "@/components/auth/sign-in-prompt";
import { PlaygroundWorkbench } from "@/components/playground/playground-workbench";

export const metadata: Metadata = { title: "Extraction playground" };

export default async function PlaygroundPage() {
  const user = await getCurrentUser();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Extraction playground</h1>
        <p className="mt-2 text-ink-muted">
          Name the fields you need, run them on a document, and see each value with its type, confidence and the words
          it was read from on the page. Then copy the same request for your own code.
        </p>
      </div>
      {user ? <PlaygroundWorkbench /> : <SignInPrompt title="Sign in to use the playground" next="/playground" />}
    </div>
  );
}
