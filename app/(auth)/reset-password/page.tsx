import type { Metadata } from "next";
import Link from "next/link";
import { AuthPanel } from "@/components/auth/auth-panel";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { Alert } from "@/components/ui/alert";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return (
    <AuthPanel title="Choose a new password" intro="Signing in with the new password ends every other session.">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert tone="error" title="This link is incomplete">
          Open the link from the email again, or{" "}
          <Link href="/forgot-password" className="underline">
            request a new one
          </Link>
          .
        </Alert>
      )}
    </AuthPanel>
  );
}
