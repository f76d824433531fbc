import { extractDocument, type ConfiguredModel } from "@/lib/ai";
import { getOwnedDocumentOrThrow } from "@/lib/batches/get-batch-or-throw";
import { pageFromRow } from "@/lib/batches/processing/page-data";
import type { Db } from "@/lib/db";
import { formatById } from "@/lib/documents/formats";
import { readText } from "@/lib/documents/office/read-text";
import type { Page } from "@/lib/pages/types";
import type { FieldDetail, SchemaField } from "@/lib/extraction/types";
import { AppError } from "@/lib/errors/app-error";
import type { Caller } from "@/lib/contracts/caller";
import { locateQuote } from "./locate-quote";
import type { MatchedFieldBody, MatchField, MatchSchemaInput } from "./match-schema-schemas";
import { parseBoolean } from "./parse-boolean";

/** Text accepted per call: anonymous callers get less than signed-in ones. */
export const MATCH_TEXT_LIMIT_BYTES = { anonymous: 100 * 1024, signedIn: 1024 * 1024 } as const;

/**
 * POST /api/batch/match-schema: every schema field's value in a text or a stored document, by the
 * same engine as /v1/extract's schema fields (the AI provider when configured, else deterministic),
 * with its typed value, confidence and where it was read (offsets into the text, or page and box).
 */
export async function matchSchema(options: {
  db: Db;
  caller: Caller;
  request: MatchSchemaInput;
  /** Tests pass a mock model; default: the configured provider. */ ai?: ConfiguredModel | null;
}) {
  const { db, request, caller } = options;
  if ((request.text === undefined) === (request.document_id === undefined))
    throw invalid("text", "Give text or document_id (one of them)");
  const pages =
    request.text !== undefined
      ? textPages(request.text, caller)
      : await documentPages(db, caller, request.document_id!);
  // Booleans are found as strings ("Yes", "X") and read as booleans here.
  const schema: SchemaField[] = request.schema.map((field) => ({
    name: field.name,
    type: field.type === "boolean" ? "string" : field.type,
  }));
  const structure = await extractDocument({ pages, schema, ...(options.ai !== undefined ? { ai: options.ai } : {}) });
  const details = structure.fieldDetails ?? [];
  const fields = request.schema.map((field, index) => toMatchedField(field, details[index], request.text));
  return {
    engine: structure.engine,
    document_id: request.document_id ?? null,
    fields,
    values: Object.fromEntries(fields.map((field) => [field.name, field.typed_value])),
  };
}

function textPages(text: string, caller: Caller): Page[] {
  const limit = caller.kind === "user" ? MATCH_TEXT_LIMIT_BYTES.signedIn : MATCH_TEXT_LIMIT_BYTES.anonymous;
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > limit) {
    throw new AppError(
      "payload_too_large",
      `text is ${bytes} bytes; at most ${limit} are accepted${caller.kind === "user" ? "" : " without signing in"}`,
    );
  }
  if (text.trim() === "") throw invalid("text", "text is empty");
  return readText(Buffer.from(text, "utf8"), formatById("txt"));
}

async function documentPages(db: Db, caller: Caller, documentId: string): Promise<Page[]> {
  if (caller.kind === "anonymous")
    throw new AppError("unauthorized", "Sign in (or send a guest session) to match a stored document", {
      headers: { "WWW-Authenticate": "Bearer" },
    });
  const owner = caller.kind === "user" ? { userId: caller.user.id } : { guestSessionId: caller.guestSessionId };
  const document = await getOwnedDocumentOrThrow({ db, owner, documentId });
  const rows = await db.page.findMany({ where: { documentId: document.id }, orderBy: { pageNumber: "asc" } });
  const pages = rows.map(pageFromRow).filter((page) => !page.error);
  if (pages.length === 0)
    throw new AppError("conflict", `Document ${document.id} has no read pages yet (status ${document.status})`);
  return pages;
}

function toMatchedField(
  field: MatchField,
  detail: FieldDetail | undefined,
  text: string | undefined,
): MatchedFieldBody {
  const empty = {
    name: field.name,
    type: field.type,
    value: null,
    typed_value: null,
    confidence: 0,
    quote: null,
    start: null,
    end: null,
    page: null,
    box: null,
  };
  if (!detail || detail.value === null) return empty;
  let value: string = detail.value;
  let typedValue: string | number | boolean = detail.typedValue ?? detail.value;
  if (field.type === "boolean") {
    const parsed = parseBoolean(detail.value);
    if (parsed === null) return empty;
    value = String(parsed);
    typedValue = parsed;
  }
  const confidence = Math.round(detail.confidence * 100) / 100;
  if (text !== undefined) {
    const located = locateQuote(text, detail.words);
    return {
      ...empty,
      value,
      typed_value: typedValue,
      confidence,
      quote: located?.quote ?? detail.words.join(" "),
      start: located?.start ?? null,
      end: located?.end ?? null,
    };
  }
  return {
    ...empty,
    value,
    typed_value: typedValue,
    confidence,
    quote: detail.words.join(" ") || null,
    page: detail.page,
    box: detail.box,
  };
}

function invalid(field: string, message: string): AppError {
  return new AppError("validation_error", message, {
    issues: [{ loc: ["body", field], msg: message, type: "value_error" }],
  });
}
