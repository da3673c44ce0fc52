import { inArray } from 'drizzle-orm';
import { cutoffMinutes, DEFAULT_CUTOFF, dueCutoff } from '@ebt/core/settlement';
import type { Db, DbOrTx } from '../db/client.js';
import { programs } from '../db/schema/index.js';
import { closeBatch } from '../modules/settlement/index.js';
import type { World } from './model.js';

/**
 * The demo's settlement (decision 0068): every demo program settles (settlement.enabled, seeded with the
 * other configuration keys), and the history up to the cut-off before the latest one is closed into one batch per
 * program, as the job would have done, so the batch list, the batch page, the merchant detail's Settlements and the
 * statements show something on a fresh start. The job closes the latest cut-off itself once the server runs (a second
 * batch, of about a day), and the transactions after it wait, as the reconciliation's 'not yet settled' shows. Merchants without
 * usable bank information are held, as they would be. Runs inside the seed's one transaction, on an empty database
 * only (isDatabaseSeeded), so it is never applied twice.
 */
export async function seedSettlement(tx: DbOrTx, w: World): Promise<number> {
  const rows = await tx
    .select({ id: programs.id, timeZone: programs.timeZone })
    .from(programs)
    .where(
      inArray(
        programs.id,
        w.program.map((p) => p.id),
      ),
    );
  const yesterday = new Date(w.now.getTime() - 86_400_000);
  let closed = 0;
  for (const program of rows) {
    const due = dueCutoff(yesterday, program.timeZone, cutoffMinutes(DEFAULT_CUTOFF)!);
    // The seed's transaction stands in for the database: closeBatch nests its own (a savepoint) inside it.
    const outcome = await closeBatch(tx as Db, {
      programId: program.id,
      cutoff: due.at,
      closedBy: null,
      now: new Date(due.at.getTime() + 60_000),
      scheduled: true,
    });
    if (outcome.kind === 'closed') closed += 1;
  }
  return closed;
}
