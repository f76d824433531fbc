import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { ClaimGuestBatches } from "@/components/documents/claim-guest-batches";
import { CLAIM_PATH } from "@/components/documents/paths";
import { SignInPrompt } from "@/components/auth/sign-in-prompt";

export const metadata: Metadata = { title: "Keep your guest upload" };

export default async function ClaimPage() {
  const user = await getCurrentUser();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Keep your guest upload</h1>
      {user ? (
        <ClaimGuestBatches />
      ) : (
        <SignInPrompt title="Sign in or create an account to keep it" next={CLAIM_PATH}>
          What you uploaded as a guest in this browser moves to the account you sign in to.
        </SignInPrompt>
      )}
    </div>
  );
}
