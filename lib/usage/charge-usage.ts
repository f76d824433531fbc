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
 * same unit again is a no-op. Returns whether this call charged (false: it was already charged).
 */
export async function chargeUsage(db: Db | DbTransaction, charge: UsageCharge): Promise<{ charged: boolean }> {
  // ON CONFLICT DO NOTHING rather than catching the unique violation: an error would abort a
  // surrounding transaction on PostgreSQL.
  const { count } = await db.usageEvent.createMany({
    data: [
      {
        userId: charge.userId,
        apiKeyId: charge.apiKeyId ?? null,
        source: charge.source,
        operation: charge.operation,
        model: charge.model ?? null,
        pages: charge.pages,
        tokens: charge.tokens,
        chargeKey: charge.chargeKey,
        documentId: charge.documentId ?? null,
        jobId: charge.jobId ?? null,
      },
    ],
    skipDuplicates: true,
  });
  return { charged: count === 1 };
}
