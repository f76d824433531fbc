import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { ApiKeysPanel } from "@/components/portal/api-keys-panel";
import { PortalSection } from "@/components/portal/portal-section";
import { SignInRequired } from "@/components/portal/sign-in-required";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const user = await getCurrentUser();
  return (
    <PortalSection
      title="API keys"
      intro="Send a key as Authorization: Bearer sd_… (or x-api-key) to /v1. Keys act as you; revoke one the moment it may have leaked."
    >
      {user ? <ApiKeysPanel /> : <SignInRequired what="your API keys" next="/developers" />}
    </PortalSection>
  );
}
