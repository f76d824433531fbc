import { Inngest } from "inngest";
import { getConfig } from "@/lib/config";

const config = getConfig();

/**
 * The Inngest client. Used only when INNGEST_EVENT_KEY or INNGEST_DEV is set (see lib/background);
 * otherwise the in-process executor runs the same function definitions.
 */
export const inngest = new Inngest({
  id: "docsvc",
  eventKey: config.INNGEST_EVENT_KEY,
  signingKey: config.INNGEST_SIGNING_KEY,
  baseUrl: config.INNGEST_BASE_URL,
  isDev: config.INNGEST_DEV ? true : undefined,
});
