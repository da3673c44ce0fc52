import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { transactionBenefits, transactions } from '../../db/schema/index.js';

// Transaction rows for the transaction tests, written straight to the table (the authorisation side that writes
// them comes later, issue 20). Defaults: an approved purchase of $12.50 at 2026-11-20 15:30 UTC.

let sequence = 0;

export async function makeTransaction(
  db: DbOrTx,
  values: Partial<typeof transactions.$inferInsert> &
    Pick<typeof transactions.$inferInsert, 'programId'> & { benefits?: { benefitId: number; amount: string }[] },
) {
  const { benefits = [], ...row } = values;
  const n = ++sequence;
  const [inserted] = await db
    .insert(transactions)
    .values({
      uuid: randomUUID(),
      trxDatetime: new Date('2026-11-20T15:30:00Z'),
      trxTypeId: 1,
      respCodeId: 1,
      reqAmt: '12.50',
      settleAmt: '12.50',
      settleDate: '2026-11-20',
      authNumber: String(100000 + n),
      traceNumber: String(400000000000 + n),
      mcc: '5411',
      terminalId: `TERM${n}`,
      panEntryMode: '051',
      posConditionCode: '00',
      aiCode: '60110000001',
      apiVersion: '2.1',
      startBalance: '50.00',
      endBalance: '37.50',
      ...row,
    })
    .returning();
  if (benefits.length > 0)
    await db
      .insert(transactionBenefits)
      .values(benefits.map((b) => ({ transactionId: inserted!.id, benefitId: b.benefitId, amount: b.amount })));
  return inserted!;
}
