import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { safeNextPath } from "@/components/auth/after-sign-in";
import { AuthPanel } from "@/components/auth/auth-panel";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { VerifyEmailForm } from "@/components/auth/verify-email-form";
import { Alert } from "@/components/ui/alert";
import { mailDelivery } from "@/lib/email/mail-delivery";
import { buttonClasses } from "@/components/ui/button-classes";

export const metadata: Metadata = { title: "Verify your email" };

// ?sent=<address> names where the latest code went; ?change=1 marks a pending email change from settings.
export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; sent?: string; change?: string }>;
}) {
  const { next: rawNext, sent, change } = await searchParams;
  const next = safeNextPath(rawNext);
  const user = await getCurrentUser();
  if (!user)
    redirect(`/sign-in?next=${encodeURIComponent(`/verify-email${sent ? `?sent=${encodeURIComponent(sent)}` : ""}`)}`);
  const emailChange = change === "1";

  if (user.email_verified && !emailChange) {
    return (
      <AuthPanel title="Verify your email">
        <div className="flex flex-col gap-4">
          <Alert tone="success" title="Email verified">
            {user.email} is confirmed.
          </Alert>
          <Link href={next} className={buttonClasses("primary")}>
            Continue
          </Link>
        </div>
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title={emailChange ? "Confirm your new email" : "Verify your email"}>
      <VerifyEmailForm sentTo={sent} emailChange={emailChange} next={next} delivery={mailDelivery()} />
    </AuthPanel>
  );
}
