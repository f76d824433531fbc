import type { Metadata } from "next";
import Link from "next/link";
import { AuthPanel } from "@/components/auth/auth-panel";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <AuthPanel
      title="Forgot your password?"
      intro="Enter the email of your account and we will send a link to choose a new password. The link works once, for 60 minutes."
      footer={
        <Link
          href="/sign-in"
          className="font-medium text-brand-600 underline-offset-2 hover:underline dark:text-brand-100"
        >
          Back to sign in
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthPanel>
  );
}
