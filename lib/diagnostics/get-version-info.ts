import type { z } from "zod";
import { buildInfo, getConfig } from "@/lib/config";
import { getDatabaseKind } from "@/lib/db";
import { getJobMode } from "@/lib/background";
import { currentOcrEngine } from "@/lib/ocr/recognize-image";
import { API_VERSION } from "@/lib/contracts/api-version";
import { getStorageKind } from "@/lib/storage";
import type { VersionInfoSchema } from "./diagnostics.contract";

/** What is running: versions and which backend serves each concern. Reads configuration only. */
export function getVersionInfo(): z.output<typeof VersionInfoSchema> {
  const build = buildInfo();
  return {
    api_version: API_VERSION,
    build_version: build.version,
    git_commit: build.gitCommit,
    built_at: build.builtAt,
    node_version: process.version,
    database: getDatabaseKind(),
    storage: getStorageKind(),
    jobs: getJobMode(),
    ocr_engine: currentOcrEngine(),
    ai_provider: getConfig().AI_PROVIDER ?? "offline",
  };
}
