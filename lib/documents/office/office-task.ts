import { formatById } from "../formats";
import type { Page } from "@/lib/pages/types";
import { readDocx } from "./read-docx";
import { readPptx } from "./read-pptx";
import { readDelimited, readWorkbook } from "./read-sheets";
import { readText } from "./read-text";

/** A reading job for the office worker: which reader, on which bytes. */
export interface OfficeTask {
  reader: "docx" | "sheet" | "csv" | "pptx" | "text";
  formatId: string;
  bytes: Uint8Array;
}

/** Runs inside the worker (office-worker.mjs): the same readers the main thread used to call. */
export async function runOfficeTask(task: OfficeTask): Promise<Page[]> {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  switch (task.reader) {
    case "docx":
      return readDocx(bytes);
    case "sheet":
      return readWorkbook(bytes);
    case "csv":
      return readDelimited(bytes, task.formatId);
    case "pptx":
      return readPptx(bytes);
    case "text":
      return readText(bytes, formatById(task.formatId));
  }
}
