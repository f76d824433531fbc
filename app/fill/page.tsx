import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { SignInPrompt } from "@/components/auth/sign-in-prompt";
import { FillWorkbench } from "@/components/fill/fill-workbench";

export const metadata: Metadata = { title: "Fill a PDF form or Excel template" };

export default async function FillPage() {
  const user = await getCurrentUser();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Fill a PDF form or Excel template</h1>
        <p className="mt-2 text-ink-muted">
          Choose the form, the documents to read, and any values of your own. Review every field with the reason and the
          place its value came from, correct what needs it, then download the filled file.
        </p>
      </div>
      {user ? <FillWorkbench /> : <SignInPrompt title="Sign in to fill forms" next="/fill" />}
    </div>
  );
}
