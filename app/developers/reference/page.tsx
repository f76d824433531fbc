import type { Metadata } from "next";
import { pageOrigin } from "@/components/auth/page-origin";
import { ApiReference } from "@/components/portal/api-reference/api-reference";
import { PortalSection } from "@/components/portal/portal-section";

export const metadata: Metadata = { title: "API reference" };

export default async function ApiReferencePage() {
  return (
    <PortalSection
      title="API reference"
      intro="Every route the service answers, generated from its request and response schemas."
    >
      <ApiReference baseUrl={await pageOrigin()} />
    </PortalSection>
  );
}
