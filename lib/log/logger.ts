import { getConfig } from "../config";

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, string | number | boolean | null | undefined>;

type Sink = (line: string, level: LogLevel) => void;

const consoleSink: Sink = (line, level) =>
  level === "error" || level === "warn" ? console.error(line) : console.log(line);
let sink: Sink = consoleSink;

/** Tests only: collects the lines instead of printing them (undefined restores the console). */
export function setLogSinkForTests(next: Sink | undefined): void {
  sink = next ?? consoleSink;
}

export function logLevelEnabled(level: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(getConfig().LOG_LEVEL);
}

/**
 * One structured line: {"time","level","event",...fields} as JSON, so a log shipper or `grep`/`jq`
 * can filter by event, request id or document. Lines below LOG_LEVEL are dropped.
 */
export function log(level: LogLevel, event: string, fields: LogFields = {}): void {
  if (!logLevelEnabled(level)) return;
  sink(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }), level);
}

export const logger = {
  debug: (event: string, fields?: LogFields) => log("debug", event, fields),
  info: (event: string, fields?: LogFields) => log("info", event, fields),
  warn: (event: string, fields?: LogFields) => log("warn", event, fields),
  error: (event: string, fields?: LogFields) => log("error", event, fields),
};
