import { openAsBlob } from "node:fs";
import { open } from "node:fs/promises";
import { AppError } from "@/lib/errors/app-error";
import { assertFieldFits, MAX_FORM_FIELD_BYTES } from "../form-field-limit";
import { MalformedMultipartError, multipartEvents, type MultipartEvent } from "./multipart-events";
import type { UploadSpool } from "./upload-spool";

/** The boundary a multipart Content-Type names; undefined when it names none. */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * A multipart/form-data body read into FormData as it arrives: files are written to the request's
 * spool and come back as Files read from disk, text fields are kept as strings, and one over
 * MAX_FORM_FIELD_BYTES is refused (413) once its size is known, without being kept. A body that is
 * not well-formed multipart is refused as malformed (400).
 */
export async function readMultipartForm(options: {
  chunks: AsyncIterable<Uint8Array>;
  contentType: string;
  spool: UploadSpool;
}): Promise<FormData> {
  const boundary = multipartBoundary(options.contentType);
  if (!boundary) throw malformed(new MalformedMultipartError("The Content-Type names no boundary"));
  const form = new FormData();
  const events = multipartEvents(options.chunks, boundary);
  try {
    for (let event = await events.next(); !event.done; event = await events.next()) {
      const part = event.value;
      if (part.kind !== "part") throw new MalformedMultipartError("Part data outside a part");
      if (part.filename === null) form.append(part.name, await readField(part.name, events));
      else form.append(part.name, await spoolFile(part, events, options.spool));
    }
  } catch (error) {
    if (error instanceof MalformedMultipartError) throw malformed(error);
    throw error;
  } finally {
    // A refusal before the end leaves the rest of the body unread: let go of it.
    await events.return(undefined);
  }
  return form;
}

const malformed = (cause: Error) => new AppError("bad_request", "Malformed form body", { cause });

type Events = AsyncGenerator<MultipartEvent>;

/** A part's bytes, each handed to `take` (valid only during the call), until the part ends. */
async function eachPiece(events: Events, take: (bytes: Buffer) => Promise<void> | void): Promise<void> {
  for (let event = await events.next(); !event.done; event = await events.next()) {
    if (event.value.kind === "end") return;
    if (event.value.kind !== "data") break;
    await take(event.value.bytes);
  }
  throw new MalformedMultipartError("A part does not end");
}

async function readField(name: string, events: Events): Promise<string> {
  const pieces: Buffer[] = [];
  let size = 0;
  await eachPiece(events, (bytes) => {
    size += bytes.length;
    // Past the limit the rest is only counted, so the refusal can say how large the field was.
    if (size <= MAX_FORM_FIELD_BYTES) pieces.push(Buffer.from(bytes));
  });
  assertFieldFits(name, size);
  return Buffer.concat(pieces).toString("utf8");
}

async function spoolFile(
  part: { filename: string | null; contentType: string | null },
  events: Events,
  spool: UploadSpool,
): Promise<File> {
  const options = { type: part.contentType ?? "" };
  const filePath = await spool.nextPath();
  const handle = await open(filePath, "w");
  try {
    await eachPiece(events, async (bytes) => {
      for (let written = 0; written < bytes.length;) written += (await handle.write(bytes, written)).bytesWritten;
    });
  } finally {
    await handle.close();
  }
  return new File([await openAsBlob(filePath, options)], part.filename ?? "", options);
}
