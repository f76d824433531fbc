import { getConfig } from "@/lib/config";

export type JobMode = "inngest" | "in-process";

/** Inngest when INNGEST_EVENT_KEY or INNGEST_DEV is set; the in-process executor otherwise. */
export function getJobMode(): JobMode {
  const { INNGEST_EVENT_KEY, INNGEST_DEV } = getConfig();
  return INNGEST_EVENT_KEY || INNGEST_DEV ? "inngest" : "in-process";
}
