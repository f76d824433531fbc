// Runs once when a server instance starts: migrate the embedded database and resume background work
// that a previous process left unfinished.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("@/lib/server/start-server");
  try {
    await startServer();
  } catch (error) {
    // Next.js would log "Failed to prepare server" and keep the port open answering 500; exiting lets
    // a supervisor restart the instance (or a person read why) instead of routing traffic to it.
    console.error("docsvc: start-up failed, exiting:", error);
    process.exit(1);
  }
}
