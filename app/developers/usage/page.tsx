import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { PortalSection } from "@/components/portal/portal-section";
import { SignInRequired } from "@/components/portal/sign-in-required";
import { UsagePanel } from "@/components/portal/usage-panel";

export const metadata: Metadata = { title: "Usage" };

export default async function UsagePage() {
  const user = await getCurrentUser();
  return (
    <PortalSection
      title="Usage"
      intro="Tokens are charged per page processed, in the browser and through the API alike. Periods are calendar months (UTC)."
    >
      {user ? <UsagePanel /> : <SignInRequired what="your usage" next="/developers/usage" />}
    </PortalSection>
  );
}
