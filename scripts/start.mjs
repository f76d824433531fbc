// `npm start`: build when there is no production build of the current sources yet, then serve it on
// PORT (default 3000). The embedded database migrates itself on start (see instrumentation.ts).
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { nextStartArgs } from "./next-start-args.mjs";
import { withMallocSettings } from "./server-memory-env.mjs";

const nextBin = "node_modules/next/dist/bin/next";
const stampFile = ".next/docsvc-source-stamp";

// The preload tells the app each request's real peer (see scripts/stamp-peer-address.mjs); through
// NODE_OPTIONS it also reaches any process `next start` forks.
const peerPreload = new URL("./stamp-peer-address.mjs", import.meta.url).href;
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${peerPreload}`.trim(),
};

// The commit plus uncommitted changes identify the sources; without git, any existing build is used.
function sourceStamp() {
  const git = (args) => spawnSync("git", args, { encoding: "utf8" });
  const head = git(["rev-parse", "HEAD"]);
  if (head.status !== 0) return null;
  const changes = git(["status", "--porcelain", "--untracked-files=all", "--", ".", ":!.data", ":!.next"]).stdout;
  const diff = git(["diff", "HEAD"]).stdout;
  return createHash("sha256").update(head.stdout).update(changes).update(diff).digest("hex");
}

const stamp = sourceStamp();
const built =
  existsSync(".next/BUILD_ID") &&
  (stamp === null || (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp));
if (!built || process.argv.includes("--rebuild")) {
  console.log("docsvc: building the app for these sources (a minute or two the first time)…");
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
  if (stamp) writeFileSync(stampFile, stamp);
}

const port = process.env.PORT ?? "3000";
const server = spawn(process.execPath, nextStartArgs(port), { stdio: "inherit", env: withMallocSettings(env) });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
