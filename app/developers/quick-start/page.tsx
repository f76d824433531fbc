import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { PortalSection } from "@/components/portal/portal-section";
import { QuickStart } from "@/components/portal/quick-start";
import { getConfig } from "@/lib/config";

export const metadata: Metadata = { title: "Quick start" };

export default async function QuickStartPage() {
  const user = await getCurrentUser();
  return (
    <PortalSection title="Quick start" intro="Five commands from a key to structured data.">
      <QuickStart appUrl={getConfig().APP_URL} signedIn={user !== null} />
    </PortalSection>
  );
}
