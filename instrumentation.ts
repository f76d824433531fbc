// Runs once when a server instance starts: migrate the embedded database and resume background work
// that a previous process left unfinished.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("@/lib/server/start-server");
  await startServer();
}
