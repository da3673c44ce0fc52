import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { benefits, configEntries, incentives, merchantBankAccounts, programs } from '../db/schema/index.js';
import { encrypt, seal } from '../platform/crypto.js';
import { CONFIG_VALUES } from '../platform/config-values.js';
import type { TestApp } from './app.js';
import { makeMerchant, makePosWorld, makeTerminal } from './pos-world.js';

// The settlement tests' world: the engine's world (testing/pos-world.ts) plus two more merchants of the program with
// terminals, an incentive with a redemption fee and a benefit of it, and a switch for settlement.enabled.

export async function makeSettlementWorld(t: TestApp, options: { feeRate?: string } = {}) {
  const w = await makePosWorld(t);
  const second = await makeMerchant(w.db, { programs: [{ id: w.program.id }] });
  const third = await makeMerchant(w.db, { programs: [{ id: w.program.id }] });
  const terminals = {
    first: w.terminal,
    second: await makeTerminal(w.db, second.id),
    third: await makeTerminal(w.db, third.id),
  };
  const [incentive] = await w.db
    .insert(incentives)
    .values({
      programId: w.program.id,
      fundingSourceId: w.funding.id,
      name: `Settle ${randomBytes(4).toString('hex')}`,
      startDate: '2026-01-01',
      matchRate: '100.00',
      redemptionFeeRate: options.feeRate ?? '2.50',
    })
    .returning();
  /** An incentive benefit of the account (spent first: it expires sooner). */
  async function giveIncentive(amount: string) {
    const [row] = await w.db
      .insert(benefits)
      .values({
        programId: w.program.id,
        accountId: w.account.id,
        agencyId: w.agency.id,
        fundingSourceId: w.funding.id,
        incentiveId: incentive!.id,
        benefitTypeId: 2,
        authorizationNumber: `S${randomBytes(6).toString('hex').toUpperCase()}`,
        availableDate: '2026-01-01',
        expirationDate: '2026-11-30',
        amount,
        balance: amount,
      })
      .returning();
    return row!;
  }
  // The bank numbers sealed with the app's keys (the merchant helper seals with its own), so the ACH file can open them.
  const accounts = { first: '000111222333', second: '44556677', third: '9900' };
  for (const [key, merchant] of Object.entries({ first: w.merchant, second, third })) {
    const account = seal(accounts[key as keyof typeof accounts], t.config);
    const routing = seal(key === 'second' ? '011000015' : '021000021', t.config);
    await w.db
      .update(merchantBankAccounts)
      .set({
        accountNumberEncrypted: account.encrypted,
        accountNumberLast4: account.last4,
        routingNumberEncrypted: routing.encrypted,
        routingNumberLast4: routing.last4,
        accountTypeId: key === 'second' ? 1 : 0,
      })
      .where(eq(merchantBankAccounts.merchantId, merchant.id));
  }
  /** The program's settlement account in its configuration (the account number sealed as a secret entry). */
  async function giveSettlementAccount(routing = '011000015', account = '5550001111') {
    await w.db
      .update(programs)
      .set({
        configuration: JSON.stringify({ settlementRoutingNumber: routing, settlementAccountSecret: '' }),
        configurationSecrets: encrypt(JSON.stringify({ settlementAccountSecret: account }), t.config.encryptionKey),
      })
      .where(eq(programs.id, w.program.id));
  }
  return {
    ...w,
    merchants: { first: w.merchant, second, third },
    terminals,
    accounts,
    incentive: incentive!,
    giveIncentive,
    giveSettlementAccount,
  };
}

/** Sets a configuration key in force from 2026-01-01 (and refreshes the cache). */
export async function setConfig(db: DbOrTx, key: string, value: string) {
  await db
    .insert(configEntries)
    .values({ configKey: key, configValue: value, effectiveDate: '2026-01-01' })
    .onConflictDoUpdate({
      target: [configEntries.configKey, configEntries.effectiveDate],
      set: { configValue: value },
    });
  CONFIG_VALUES.invalidate(db);
}

/** How many batches hold each transaction id (every one must be 0 or 1). */
export async function settledCounts(db: DbOrTx, programId: number) {
  const result = await db.execute(sql`select e.batch_id as settlement_batch_id from transactions t
    left join settlement_entries e on e.transaction_id = t.id
    where t.program_id = ${programId} and t.resp_code_id = 1 and t.trx_type_id in (1, 2, 4, 5)`);
  return (result as unknown as { rows: { settlement_batch_id: string | number | null }[] }).rows;
}
