import { randomBytes, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { programPan } from '@ebt/core/pans';
import type { LightMyRequestResponse } from 'fastify';
import type { PosAnswer } from '@ebt/core/pos';
import type { DbOrTx } from '../db/client.js';
import {
  accountMoneyVersions,
  benefits,
  incentives,
  merchantTerminals,
  pans,
  recipientIncentives,
} from '../db/schema/index.js';
import { encrypt, keyedHash } from '../platform/crypto.js';
import { pinHash } from '../platform/pin.js';
import type { TestApp } from './app.js';
import { makeAgency, makeProgram, makeRecipient, makeUser } from './factories.js';
import { ROLE } from '@ebt/core/enums';
import { makeFundingSource } from './benefits.js';
import { makeMerchant } from './merchants.js';
import { terminalSecretHash } from '../modules/merchants/index.js';
import type { CallFacts } from '../modules/pos/index.js';

// The world of the engine's tests: a program with a card prefix, a merchant mapped to it with a terminal, a
// recipient with an Active card, and helpers to give them benefits and enrolments and to call the engine.

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
let accountSequence = 0;

export interface Terminal {
  code: string;
  secret: string;
}

/** A terminal row of the merchant, with its secret. */
export async function makeTerminal(db: DbOrTx, merchantId: number): Promise<Terminal> {
  let code = '';
  for (let i = 0; i < 12; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  const secret = randomBytes(32).toString('base64url');
  await db
    .insert(merchantTerminals)
    .values({ merchantId, terminalCode: code, name: 'Stall 1', secretHash: terminalSecretHash(secret) });
  return { code, secret };
}

/**
 * The PIN of every card `makeCard` makes (new programs ask for it, so the engine's tests go through the PIN's path);
 * `purchaseOf` and `inquiryOf` send it.
 */
export const CARD_PIN = '3971';

/**
 * A card of the account: 19 digits of the program's prefix, Active, with its hash and ciphertext, and CARD_PIN set
 * (`pin: null` for a card whose holder has set none).
 */
export async function makeCard(
  t: TestApp,
  program: { id: number; bin: string | null; seriesNbr: string | null },
  accountId: number,
  overrides: Partial<typeof pans.$inferInsert> & { pin?: string | null } = {},
): Promise<{ pan: string; panId: number }> {
  const { pin = CARD_PIN, ...columns } = overrides;
  const pan = programPan(
    `${program.bin}${program.seriesNbr}`,
    String(++accountSequence + randomInt(1e8))
      .padStart(9, '0')
      .slice(-9),
  );
  const [row] = await t.database.db
    .insert(pans)
    .values({
      programId: program.id,
      accountId,
      panHash: keyedHash(pan, t.config.hmacKey),
      panEncrypted: encrypt(pan, t.config.encryptionKey),
      panLast4: pan.slice(-4),
      activeDate: '2026-01-01',
      expirationDate: '2030-12-31',
      ...columns,
    })
    .returning({ id: pans.id });
  if (pin !== null) await setPin(t, row!.id, pin);
  return { pan, panId: row!.id };
}

/** Sets a card's PIN as the portal does: its keyed hash under the PIN key, no wrong tries. */
export async function setPin(t: TestApp, panId: number, pin: string): Promise<void> {
  await t.database.db
    .update(pans)
    .set({ pinHash: pinHash(panId, pin, t.config.pinKeys), pinSetAt: new Date(), pinWrongDay: null, pinWrongCount: 0 })
    .where(eq(pans.id, panId));
}

export { makeMerchant };

export async function makePosWorld(t: TestApp) {
  const db = t.database.db;
  const bin = String(randomInt(100_000, 999_999));
  const program = await makeProgram(db, {
    bin,
    seriesNbr: String(randomInt(100, 999)),
    incentiveExpirationDays: 30,
    benefitExpirationDays: 90,
  });
  const agency = await makeAgency(db, program);
  const funding = await makeFundingSource(db, program);
  const merchant = await makeMerchant(db, { programs: [{ id: program.id }] });
  const terminal = await makeTerminal(db, merchant.id);
  const user = await makeUser(db, { roleId: ROLE.RECIPIENT });
  const account = await makeRecipient(db, { program, agency, user });
  const card = await makeCard(t, program, account.id);

  /** A benefit of the account (Issued, regular unless an incentive is named). */
  async function giveBenefit(
    amount: string,
    options: {
      accountId?: number;
      expirationDate?: string;
      availableDate?: string;
      incentiveId?: number;
      statusId?: number;
    } = {},
  ) {
    const [row] = await db
      .insert(benefits)
      .values({
        programId: program.id,
        accountId: options.accountId ?? account.id,
        agencyId: agency.id,
        fundingSourceId: funding.id,
        incentiveId: options.incentiveId ?? null,
        benefitTypeId: options.incentiveId ? 2 : 1,
        statusId: options.statusId ?? 0,
        authorizationNumber: `T${randomBytes(6).toString('hex').toUpperCase()}`,
        availableDate: options.availableDate ?? '2026-01-01',
        expirationDate: options.expirationDate ?? '2026-12-31',
        amount,
        balance: amount,
      })
      .returning();
    return row!;
  }

  /** An incentive of the program (rates and caps as text) and the account's enrolment in it from 2026-01-01. */
  async function enrol(terms: Partial<typeof incentives.$inferInsert> = {}, accountId = account.id) {
    const [incentive] = await db
      .insert(incentives)
      .values({
        programId: program.id,
        fundingSourceId: funding.id,
        name: `Incentive ${randomBytes(4).toString('hex')}`,
        startDate: '2026-01-01',
        matchRate: '100.00',
        ...terms,
      })
      .returning();
    await db.insert(recipientIncentives).values({ accountId, incentiveId: incentive!.id, startDate: '2026-01-01' });
    return incentive!;
  }

  /**
   * Another recipient's card in the program, enrolled in `incentive`, with $100.00 of regular money expiring first:
   * it pays every purchase, so every purchase earns. Answers the card's number.
   */
  async function earningCard(incentive: { id: number }) {
    const holder = await makeUser(db, { roleId: ROLE.RECIPIENT });
    const recipient = await makeRecipient(db, { program, agency, user: holder });
    const { pan } = await makeCard(t, program, recipient.id);
    await giveBenefit('100.00', { accountId: recipient.id, expirationDate: '2026-11-30' });
    await db
      .insert(recipientIncentives)
      .values({ accountId: recipient.id, incentiveId: incentive.id, startDate: '2026-01-01' });
    return pan;
  }

  return { db, program, agency, funding, merchant, terminal, user, account, card, giveBenefit, enrol, earningCard };
}

// Trace numbers are unique per terminal and day, and a repeated one is answered as a retry of the first call. A
// counter from a random start keeps them unique within a test file (a random number per call did not: two of the
// 50 parallel purchases of concurrency.test.ts once drew the same one, and the retry's copied answer read as a 21st
// approval) while runs of different files, which share no database, need not coordinate.
let trace = randomInt(500_000);
/** A fresh trace number, never one this process has given before. */
export const nextTrace = () => String(++trace).padStart(6, '0');

/** A refund's body: `amount` of the purchase `original` names (by its uuid, or by terminal, trace number and day). */
export const refundOf = (original: Record<string, unknown>, amount: number) => ({
  amount,
  original,
  traceNumber: nextTrace(),
  terminalDateTime: '2026-11-23T11:00:00-05:00',
});

/** A reversal's body of the call `original` names. */
export const reversalOf = (original: Record<string, unknown>) => ({
  original,
  terminalDateTime: '2026-11-23T10:01:00-05:00',
});

/** The fields of a balance inquiry at noon on the test clock's day, for `pan` with its PIN. */
export function inquiryOf(pan: string, extra: Record<string, unknown> = {}) {
  return { pan, pin: CARD_PIN, traceNumber: nextTrace(), terminalDateTime: '2026-11-23T12:00:00-05:00', ...extra };
}

/** Calls an engine route as the terminal. */
export function pos(
  t: TestApp,
  terminal: Terminal | null,
  call: 'purchase' | 'refund' | 'reversal' | 'balance-inquiry',
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const headers = terminal
    ? { authorization: `Basic ${Buffer.from(`${terminal.code}:${terminal.secret}`).toString('base64')}` }
    : {};
  return t.app.inject({ method: 'POST', url: `/transaction-api/pos/${call}`, headers, payload });
}

/** The fields of a purchase at 10:00 on the test clock's day, for `pan` and `amount`. */
export function purchaseOf(pan: string, amount: number | string, extra: Record<string, unknown> = {}) {
  return {
    pan,
    pin: CARD_PIN,
    amount,
    traceNumber: nextTrace(),
    terminalDateTime: '2026-11-23T10:00:00-05:00',
    posEntryMode: '071',
    mcc: '5411',
    ...extra,
  };
}

/** Calls the engine and answers its answer, failing on anything but 200. */
export async function call(
  t: TestApp,
  terminal: Terminal,
  kind: 'purchase' | 'refund' | 'reversal' | 'balance-inquiry',
  payload: Record<string, unknown>,
): Promise<PosAnswer> {
  const res = await pos(t, terminal, kind, payload);
  if (res.statusCode !== 200) throw new Error(`${kind} answered ${res.statusCode}: ${res.body}`);
  return res.json() as PosAnswer;
}

/** A benefit's balance now. */
export async function balanceOf(db: DbOrTx, benefitId: number): Promise<string> {
  const [row] = await db.select({ balance: benefits.balance }).from(benefits).where(eq(benefits.id, benefitId));
  return row!.balance;
}

/** How many transactions rows exist (a refused request must not add one). */
export async function transactionCount(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from transactions`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

/** The context a test gives `writeCall` directly: no caller, a silent log. */
export function writeContext(requestId: string) {
  return { caller: null, ip: '127.0.0.1', requestId, now: () => new Date(), log: pino({ level: 'silent' }) };
}

/** The facts of a call of the world's card at its terminal, as far as `writeCall` and `baseRecord` read them. */
export function callFactsOf(w: Awaited<ReturnType<typeof makePosWorld>>): CallFacts {
  return {
    programId: w.program.id,
    agencyId: w.agency.id,
    accountId: w.account.id,
    panId: w.card.panId,
    merchantId: w.merchant.id,
    terminalCode: w.terminal.code,
  } as CallFacts;
}

/** The account's money version as the engine reads it: no row is version 0. */
export async function moneyVersionOf(db: DbOrTx, accountId: number): Promise<number> {
  const [row] = await db
    .select({ v: accountMoneyVersions.version })
    .from(accountMoneyVersions)
    .where(eq(accountMoneyVersions.accountId, accountId));
  return Number(row?.v ?? 0);
}
