import type { Db, DbTransaction } from "@/lib/db";

export interface UsageCharge {
  userId: string;
  apiKeyId?: string | null;
  /** app | api */
  source: "app" | "api";
  /** ocr | extract | fill_pdf | fill_excel | … */
  operation: string;
  model?: string | null;
  pages: number;
  tokens: number;
  /**
   * Unique per charged unit; the same key is never charged twice. The API charges once per processed
   * document (`job:<jobId>:file:<n>`), and GET /v1/usage counts each API event as one document.
   */
  chargeKey: string;
  documentId?: string | null;
  jobId?: string | null;
}

/**
 * Records a usage event once per chargeKey: a retried step or a redelivered event that charges the
 * same unit again is a no-op. The charged tokens leave the reservation of the document or job they
 * belong to in the same statement (never below zero), so a unit is never counted as both reserved and
 * used. Returns whether this call charged (false: it was already charged).
 */
export async function chargeUsage(db: Db | DbTransaction, charge: UsageCharge): Promise<{ charged: boolean }> {
  // One statement: atomic without a transaction, and ON CONFLICT DO NOTHING rather than a caught
  // unique violation, which would abort a surrounding transaction on PostgreSQL.
  const documentId = charge.documentId ?? null;
  const jobId = charge.jobId ?? null;
  const rows = await db.$queryRaw<{ charged: number }[]>`
    WITH inserted AS (
      INSERT INTO usage_events (id, "userId", "apiKeyId", source, operation, model, pages, tokens, "chargeKey", "documentId", "jobId")
      VALUES (gen_random_uuid(), ${charge.userId}::uuid, ${charge.apiKeyId ?? null}::uuid, ${charge.source}, ${charge.operation},
        ${charge.model ?? null}, ${charge.pages}, ${charge.tokens}, ${charge.chargeKey}, ${documentId}::uuid, ${jobId}::uuid)
      ON CONFLICT ("chargeKey") DO NOTHING
      RETURNING tokens, "documentId", "jobId"
    ), released_document AS (
      UPDATE batch_documents d SET "tokensReserved" = GREATEST(d."tokensReserved" - i.tokens, 0)
      FROM inserted i WHERE d.id = i."documentId" RETURNING d.id
    ), released_job AS (
      UPDATE jobs j SET "tokensReserved" = GREATEST(j."tokensReserved" - i.tokens, 0)
      FROM inserted i WHERE j.id = i."jobId" RETURNING j.id
    )
    SELECT (SELECT COUNT(*) FROM inserted)::int AS charged`;
  return { charged: rows[0]?.charged === 1 };
}
