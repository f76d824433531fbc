import { spawnSync } from "node:child_process";

// Small helpers shared by the bench scripts: percentiles, CPU time and a check for command-line tools.

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** CPU time of the whole process (every thread, so OCR workers count) in milliseconds. */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

export function commandExists(name: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${name}`]).status === 0;
}

/** A target beside its measured figure: "met" or "NOT MET", the figure and the limit. */
export function verdict(label: string, measured: number, limit: number, shown: (value: number) => string): string {
  return `${measured <= limit ? "met    " : "NOT MET"} ${label}: ${shown(measured)} (target ≤ ${shown(limit)})`;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
