import type { Metadata } from "next";
import { safeNextPath } from "@/components/auth/after-sign-in";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import { AuthPanel } from "@/components/auth/auth-panel";
import { Alert } from "@/components/ui/alert";

export const metadata: Metadata = { title: "Accept invitation" };

// The invitation email links here (/invite?token=…).
export default async function InvitePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string; next?: string }>;
}) {
  const { token, next } = await searchParams;
  return (
    <AuthPanel
      title="Join docsvc"
      intro="Choose a password to create your account. Your email is already confirmed by the invitation."
    >
      {token ? (
        <AcceptInvitationForm token={token} next={safeNextPath(next)} />
      ) : (
        <Alert tone="error" title="This link is incomplete">
          Open the link from the invitation email again.
        </Alert>
      )}
    </AuthPanel>
  );
}
