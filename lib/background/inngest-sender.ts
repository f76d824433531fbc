/** Sends one event to Inngest; `inngest/send-to-inngest.ts` builds it from the Inngest client. */
export type InngestSender = (event: { name: string; data: Record<string, unknown>; id?: string }) => Promise<{
  ids: string[];
}>;

// Held on globalThis: Next.js evaluates instrumentation and each route in module graphs of their own.
const holder = globalThis as typeof globalThis & { __docsvcInngestSender?: InngestSender };

/**
 * Start-up hands the dispatcher its Inngest sender, so lib/ never imports inngest/ (which imports the
 * services that dispatch). Only Inngest mode needs it; the in-process executor is started the same way.
 */
export function registerInngestSender(send: InngestSender): void {
  holder.__docsvcInngestSender = send;
}

export function getInngestSender(): InngestSender {
  const send = holder.__docsvcInngestSender;
  if (!send) {
    throw new Error("Inngest mode, but no Inngest sender was registered: the server's start-up calls startServer");
  }
  return send;
}
