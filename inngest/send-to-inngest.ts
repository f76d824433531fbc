import type { InngestSender } from "@/lib/background/inngest-sender";
import { inngest } from "./client";

/** What lib/background's dispatch uses in Inngest mode; start-up registers it. */
export const sendToInngest: InngestSender = (event) => inngest.send(event);
