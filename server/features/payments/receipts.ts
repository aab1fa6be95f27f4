import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clubReceiptCounters } from '../../db/schema/payments';

/*
 * Receipt numbers (DOMAIN.md "Money", trap 6): one sequence per club in
 * club_receipt_counters, taken inside the transaction that approves the record. The
 * upsert locks the club's counter row until that transaction ends, so two approvals at
 * once get consecutive numbers, and a rolled-back approval rolls its number back with it:
 * gap-free, never reused. No code path edits a number once assigned.
 */

/** A transaction of the database (the approving one). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The club's next receipt number, taken in `tx` (which holds the counter row until it ends). */
export async function nextReceiptNumber(tx: Tx, clubId: number): Promise<number> {
  const [row] = await tx
    .insert(clubReceiptCounters)
    .values({ clubId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: clubReceiptCounters.clubId,
      set: { lastNumber: sql`${clubReceiptCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: clubReceiptCounters.lastNumber });
  if (!row) throw new Error(`nextReceiptNumber: no counter for club ${clubId}`);
  return row.lastNumber;
}
