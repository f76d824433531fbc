import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { safeNextPath } from "@/components/auth/after-sign-in";
import { AuthPanel } from "@/components/auth/auth-panel";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { IdentityProviderOptions } from "@/components/auth/identity-provider-options";
import { signInErrorMessage } from "@/components/auth/sign-in-errors";
import { SignInForm } from "@/components/auth/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; error?: string }>;
}) {
  const { next: rawNext, error } = await searchParams;
  const next = safeNextPath(rawNext);
  if (await getCurrentUser()) redirect(next);

  return (
    <AuthPanel
      title="Sign in"
      intro="Welcome back. Sign in to see your batches and API keys."
      footer={
        <>
          New here?{" "}
          <Link
            href={`/sign-up?next=${encodeURIComponent(next)}`}
            className="font-medium text-brand-600 underline-offset-2 hover:underline dark:text-brand-100"
          >
            Create an account
          </Link>
        </>
      }
    >
      <IdentityProviderOptions next={next} />
      <SignInForm next={next} initialError={signInErrorMessage(error)} />
    </AuthPanel>
  );
}
