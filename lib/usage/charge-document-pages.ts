import type { Db, DbTransaction } from "@/lib/db";
import { pageChargeKey } from "./charge-keys";

export interface DocumentPagesCharge {
  userId: string;
  source: "app" | "api";
  operation: string;
  model: string;
  /** Tokens of one page. */
  tokensPerPage: number;
  documentId: string;
  pageNumbers: number[];
}

/**
 * Charges some pages of a document in one statement: one usage event per page (one page, chargeKey
 * doc:<id>:page:<n>, as chargeUsage would write it), pages already charged skipped, and the tokens
 * charged released from the document's reservation. Returns how many pages this call charged.
 */
export async function chargeDocumentPages(db: Db | DbTransaction, charge: DocumentPagesCharge): Promise<number> {
  if (charge.pageNumbers.length === 0) return 0;
  const keys = charge.pageNumbers.map((pageNumber) => pageChargeKey(charge.documentId, pageNumber));
  const rows = await db.$queryRaw<{ charged: number }[]>`
    WITH inserted AS (
      INSERT INTO usage_events (id, "userId", source, operation, model, pages, tokens, "chargeKey", "documentId")
      SELECT gen_random_uuid(), ${charge.userId}::uuid, ${charge.source}, ${charge.operation}, ${charge.model}, 1,
        ${charge.tokensPerPage}, key, ${charge.documentId}::uuid
      FROM unnest(${keys}::text[]) AS key
      ON CONFLICT ("chargeKey") DO NOTHING
      RETURNING tokens
    ), released AS (
      UPDATE batch_documents d
      SET "tokensReserved" = GREATEST(d."tokensReserved" - (SELECT COALESCE(SUM(tokens), 0) FROM inserted), 0)
      WHERE d.id = ${charge.documentId}::uuid AND EXISTS (SELECT 1 FROM inserted) RETURNING d.id
    )
    SELECT (SELECT COUNT(*) FROM inserted)::int AS charged`;
  return rows[0]?.charged ?? 0;
}
