import { type ChildProcess, spawn } from "node:child_process";

// Built instances started by a test itself (the build is the one the suite runs against), each on
// port 0, for tests that need to stop, kill or multiply the server.

export type Instance = { process: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * Starts `next start` with the test's environment plus `env`, without the variables named in `unset`,
 * on `port` (0: any free one).
 */
export function startInstance(env: Record<string, string>, unset: string[] = [], port = 0): Instance {
  const merged: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env };
  for (const name of unset) delete merged[name];
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

/** The port Next.js chose, from its "Local: http://localhost:N" line. */
export async function portOf(instance: Instance): Promise<number> {
  const exitedEarly = instance.exited.then((code) => {
    throw new Error(`the instance exited (${code}) before listening:\n${instance.output()}`);
  });
  const listening = (async () => {
    for (;;) {
      const match = /http:\/\/localhost:(\d+)/.exec(instance.output());
      if (match) return Number(match[1]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return Promise.race([listening, exitedEarly]);
}

export async function stop(instance: Instance): Promise<void> {
  if (instance.process.exitCode === null && instance.process.signalCode === null) instance.process.kill("SIGTERM");
  await instance.exited;
}

/** Runs `npm run db:migrate` with the given environment (a PostgreSQL DATABASE_URL). */
export function migrate(env: Record<string, string>): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      "--experimental-strip-types",
      "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON",
      "--import",
      "./scripts/register-ts-resolve.mjs",
      "scripts/db-migrate.ts",
    ],
    { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`db:migrate exited ${code}:\n${output}`)))),
  );
}
