import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { PortalSection } from "@/components/portal/portal-section";
import { QuickStart } from "@/components/portal/quick-start";
import { pageOrigin } from "@/components/auth/page-origin";

export const metadata: Metadata = { title: "Quick start" };

export default async function QuickStartPage() {
  const user = await getCurrentUser();
  return (
    <PortalSection title="Quick start" intro="Five commands from a key to structured data.">
      <QuickStart appUrl={await pageOrigin()} signedIn={user !== null} />
    </PortalSection>
  );
}
