// `npm start`: build once when there is no production build yet, then serve it on PORT (default 3000).
// The embedded database migrates itself on the first start (see instrumentation.ts).
import { existsSync } from "node:fs";
import { spawnSync, spawn } from "node:child_process";

const nextBin = "node_modules/next/dist/bin/next";
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

if (!existsSync(".next/BUILD_ID") || process.argv.includes("--rebuild")) {
  console.log("docsvc: no production build yet, building (this takes a minute the first time)…");
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT ?? "3000";
const server = spawn(process.execPath, [nextBin, "start", "-p", port], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
