import { spawn } from "node:child_process";
import path from "node:path";
import { logger } from "@/lib/log/logger";

/**
 * Which OS wall keeps the Python sandbox's children off the network:
 * - "network-namespace": each child runs in a network namespace of its own (no interface up) with a
 *   root of its own (no socket files), made with `unshare` as root;
 * - "user-namespace": the same, for a server that is not root, through an unprivileged user namespace;
 * - "none": the OS allows neither; the JavaScript wall inside the child (no Node object reachable from
 *   Python, the network modules closed) is then the only one.
 */
export type SandboxIsolation = "network-namespace" | "user-namespace" | "none";

const unshareArguments: Record<Exclude<SandboxIsolation, "none">, string[]> = {
  "network-namespace": ["--net", "--mount"],
  "user-namespace": ["--net", "--mount", "--map-root-user"],
};

/** Where unshare, mount and chroot are, whatever PATH the server was started with. */
const systemPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
const jailScript = () => path.join(process.cwd(), "lib", "chat", "python", "network-jail.sh");

export interface JailedCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * The command that runs `command` behind `isolation`, seeing only `visible` paths (and the system
 * libraries) under `root`, an empty directory of the caller's. Its environment is empty either way.
 */
export function jailedCommand({
  isolation,
  root,
  visible,
  command,
  args,
}: {
  isolation: SandboxIsolation;
  root: string;
  visible: string[];
  command: string;
  args: string[];
}): JailedCommand {
  if (isolation === "none") return { command, args, env: {} as NodeJS.ProcessEnv };
  return {
    command: "unshare",
    args: [...unshareArguments[isolation], "--", "sh", jailScript(), root, ...visible, "--", command, ...args],
    env: { PATH: systemPath } as unknown as NodeJS.ProcessEnv,
  };
}

function succeeds({ command, args, env }: JailedCommand): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: "ignore" });
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  });
}

/**
 * The strongest wall this machine allows, found by starting Node behind each in turn (a container
 * may refuse namespaces, a kernel unprivileged user namespaces). Logged, since it is the sandbox's
 * main promise.
 */
export async function detectIsolation(root: string): Promise<SandboxIsolation> {
  const node = process.execPath;
  for (const isolation of ["network-namespace", "user-namespace"] as const) {
    if (await succeeds(jailedCommand({ isolation, root, visible: [node], command: node, args: ["-e", "0"] }))) {
      logger.info("python sandbox isolation", { isolation });
      return isolation;
    }
  }
  logger.warn("python sandbox isolation", {
    isolation: "none",
    detail: "this machine allows no network namespace: Python is kept off the network by the JavaScript wall alone",
  });
  return "none";
}
