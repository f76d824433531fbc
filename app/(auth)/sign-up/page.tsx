import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { safeNextPath } from "@/components/auth/after-sign-in";
import { AuthPanel } from "@/components/auth/auth-panel";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { IdentityProviderOptions } from "@/components/auth/identity-provider-options";
import { SignUpForm } from "@/components/auth/sign-up-form";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNextPath((await searchParams).next);
  if (await getCurrentUser()) redirect(next);

  return (
    <AuthPanel
      title="Create an account"
      intro="Free to start: 100,000 tokens a month, batches of many files, and API keys."
      footer={
        <>
          Already have an account?{" "}
          <Link
            href={`/sign-in?next=${encodeURIComponent(next)}`}
            className="font-medium text-brand-600 underline-offset-2 hover:underline dark:text-brand-100"
          >
            Sign in
          </Link>
        </>
      }
    >
      <IdentityProviderOptions next={next} />
      <SignUpForm next={next} />
    </AuthPanel>
  );
}
