import type { Metadata } from "next";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { PortalSection } from "@/components/portal/portal-section";
import { SignInRequired } from "@/components/portal/sign-in-required";
import { WebhookDeliveriesPanel } from "@/components/portal/webhook-deliveries-panel";
import { WebhookSecretPanel } from "@/components/portal/webhook-secret-panel";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await getCurrentUser();
  return (
    <PortalSection
      title="Webhooks"
      intro="Give webhook_url on a /v1 request and the result is POSTed there when the job finishes, up to 3 attempts."
    >
      {user ? (
        <>
          <Card
            title="Signing secret"
            description="Each delivery carries webhook-id, webhook-timestamp and webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>, keyed with the base64 part after whsec_ — what Standard Webhooks libraries verify."
          >
            <WebhookSecretPanel />
          </Card>
          <Card
            title="Delivery log"
            description="Every job's webhook deliveries with each attempt's answer. Redeliver sends the job as it is now, with a new webhook-id; receivers deduplicate by job_id."
          >
            <WebhookDeliveriesPanel />
          </Card>
        </>
      ) : (
        <SignInRequired what="your webhook secret" next="/developers/webhooks" />
      )}
    </PortalSection>
  );
}
