import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { SignInPrompt } from "@/components/auth/sign-in-prompt";
import { WebFillWorkbench } from "@/components/web/web-fill-workbench";

export const metadata: Metadata = { title: "Fill a web form" };

export default async function WebFillPage() {
  const user = await getCurrentUser();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Fill a web form</h1>
        <p className="mt-2 text-ink-muted">
          Open a form, choose the documents to read, and watch each field filled with the value and where it came from.
          Correct anything, then submit; nothing is sent before you do.
        </p>
      </div>
      {user ? <WebFillWorkbench /> : <SignInPrompt title="Sign in to fill web forms" next="/web-fill" />}
    </div>
  );
}
