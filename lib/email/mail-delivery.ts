import { getConfig } from "@/lib/config";
import { isOutboxViewEnabled } from "./list-outbox";

/**
 * Where this server's e-mails end up, so a screen can say where to find a code: delivered over SMTP,
 * or (SMTP_URL unset) written to the server log, and also listed on /dev/outbox where that page is on.
 */
export function mailDelivery(): { kind: "smtp" } | { kind: "server-log"; outboxPage: boolean } {
  return getConfig().SMTP_URL ? { kind: "smtp" } : { kind: "server-log", outboxPage: isOutboxViewEnabled() };
}
