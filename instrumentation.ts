// Runs once when a server instance starts: migrate the embedded database and resume background work
// that a previous process left unfinished. The composition root: it hands lib/ the background
// functions and the Inngest sender from inngest/, so nothing in lib/ imports inngest/.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("@/lib/server/start-server");
  try {
    const { functionDefinitions } = await import("@/inngest/functions");
    const { sendToInngest } = await import("@/inngest/send-to-inngest");
    await startServer({ definitions: functionDefinitions, sendToInngest });
  } catch (error) {
    // Next.js would log "Failed to prepare server" and keep the port open answering 500; exiting lets
    // a supervisor restart the instance (or a person read why) instead of routing traffic to it.
    console.error("docsvc: start-up failed, exiting:", error);
    process.exit(1);
  }
}
