import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUS,
  ACCOUNT_TYPE,
  BANK_ACCOUNT_TYPE,
  BENEFIT_STATUS,
  BENEFIT_TYPE,
  EXTERNAL_PAN_STATUS,
  EXTERNAL_PAN_TYPE,
  MERCHANT_PROGRAM_STATUS,
  MERCHANT_STATUS,
  NOTIFICATION_STATUS,
  PAN_STATUS,
  PAN_TYPE,
  PROGRAM_STATUS,
  ROLE,
  TAX_CLASSES,
  TIN_TYPES,
  USER_STATUS,
} from '@ebt/core/enums';
import { PRIVILEGE, PRIVILEGE_LIST } from '@ebt/core/privileges';
import { decrypt } from '../platform/crypto.js';
import { verifyPassword } from '../platform/passwords.js';
import { isLuhnValid } from '../seed/cards.js';
import { DEMO_PASSWORD, DEMO_USERNAMES, isDatabaseSeeded, seedDemoData } from '../seed/index.js';
import { type Database, type Db, openDatabase } from './client.js';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate.js';
import { ensureReferenceData, RESPONSE_CODES, TRANSACTION_TYPES } from './reference-data.js';
import * as schema from './schema/index.js';
import { agencies, benefits, fundingSources, privileges, rolePrivileges, roles, users } from './schema/index.js';

// This file always uses in-memory PGlite: it checks the schema, the migration and the seed, not the server's choice
// of database. The server-postgres project would only repeat the same PGlite run, so it skips the file.
const RUNS_HERE = process.env.TEST_DATABASE !== 'postgres';
const KEYS = {
  panHmacKey: Buffer.alloc(32, 7),
  dataEncryptionKey: Buffer.alloc(32, 9),
  pinKeys: { current: Buffer.alloc(32, 5), previous: [] },
};
const NOW = new Date('2026-11-23T15:00:00Z');

let database: Database;
let db: Db;
const referenceCounts: Record<string, number>[] = [];
let seededBefore: boolean;
let seedMs: number;

/** Raw SQL for assertions; PGlite and node-postgres both answer `{ rows }`. */
async function rows<T>(query: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

async function countOf(table: string): Promise<number> {
  const [row] = await rows<{ n: number }>(`select count(*)::int as n from ${table}`);
  return Number(row?.n);
}

async function referenceSnapshot(): Promise<Record<string, number>> {
  const tables = [
    'roles',
    'privileges',
    'role_privileges',
    'transaction_types',
    'response_codes',
    'security_questions',
    'notification_events',
    'benefit_option_types',
    'benefit_options',
    'tax_classes',
    'tin_types',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = await countOf(t);
  return out;
}

/** The SQLSTATE of a refused statement (drizzle wraps driver errors, so look through `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const ROLLBACK = new Error('rollback');

/** Runs a change in a transaction that is always rolled back; answers the SQLSTATE it failed with, or 'ok'. */
async function attempt(change: (tx: Db) => Promise<unknown>): Promise<string> {
  try {
    await db.transaction(async (tx) => {
      await change(tx as unknown as Db);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error === ROLLBACK) return 'ok';
    return sqlState(error) ?? String(error);
  }
  return 'ok';
}

const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';

beforeAll(async () => {
  if (!RUNS_HERE) return;
  database = await openDatabase({ kind: 'pglite' });
  db = database.db;
  await migrateDatabase(database);
  await ensureReferenceData(db);
  referenceCounts.push(await referenceSnapshot());
  await ensureReferenceData(db);
  referenceCounts.push(await referenceSnapshot());
  seededBefore = await isDatabaseSeeded(db);
  const started = Date.now();
  await seedDemoData(db, KEYS, { now: NOW });
  seedMs = Date.now() - started;
}, 180_000);

afterAll(async () => {
  await database?.close();
});

describe.runIf(RUNS_HERE)('reference data', () => {
  it('loads the same rows however often it runs', () => {
    expect(referenceCounts[0]).toEqual(referenceCounts[1]);
    expect(referenceCounts[0]).toMatchObject({
      roles: 7,
      privileges: PRIVILEGE_LIST.length,
      transaction_types: TRANSACTION_TYPES.length,
      response_codes: RESPONSE_CODES.length,
      tax_classes: TAX_CLASSES.length,
      tin_types: TIN_TYPES.length,
    });
    expect(referenceCounts[0]!.security_questions).toBeGreaterThanOrEqual(5);
  });

  it('has roles 1 to 7 with the platform administrator as role 4 and farmer users as 7', async () => {
    const all = await db.select().from(roles).orderBy(roles.id);
    expect(all.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const grants = await db
      .select({ code: privileges.code })
      .from(rolePrivileges)
      .innerJoin(privileges, eq(privileges.id, rolePrivileges.privilegeId))
      .where(eq(rolePrivileges.roleId, ROLE.PLATFORM_ADMIN));
    expect(grants.map((g) => g.code)).toContain(PRIVILEGE.NDGADMIN_ACCESS);
    expect(grants.map((g) => g.code)).not.toContain(PRIVILEGE.PROGRAMADMIN_ACCESS);
  });

  it('does not give back a grant an administrator removed', async () => {
    const bulkPanGen = PRIVILEGE_LIST.find((p) => p.code === PRIVILEGE.BULK_PAN_GEN)!.privilegeId;
    const grant = and(eq(rolePrivileges.roleId, ROLE.PROGRAM_ADMIN), eq(rolePrivileges.privilegeId, bulkPanGen));
    await db.delete(rolePrivileges).where(grant);
    await ensureReferenceData(db);
    expect(await db.select().from(rolePrivileges).where(grant)).toHaveLength(0);
    await db.insert(rolePrivileges).values({ roleId: ROLE.PROGRAM_ADMIN, privilegeId: bulkPanGen });
  });

  it("keeps each role's privilege codes in roles.privilege_codes as its grants and the codes change (decision 0084)", async () => {
    const codesOf = async (roleId: number) =>
      (await db.select({ codes: roles.privilegeCodes }).from(roles).where(eq(roles.id, roleId)))[0]!.codes;
    const granted = async (roleId: number) =>
      (
        await db
          .select({ code: privileges.code })
          .from(rolePrivileges)
          .innerJoin(privileges, eq(privileges.id, rolePrivileges.privilegeId))
          .where(eq(rolePrivileges.roleId, roleId))
      )
        .map((g) => g.code)
        .sort()
        .join(',');
    // As loaded by the reference data, for every role.
    for (const role of Object.values(ROLE)) expect(await codesOf(role)).toBe(await granted(role));
    expect(await codesOf(ROLE.PLATFORM_ADMIN)).toContain(PRIVILEGE.NDGADMIN_ACCESS);

    const bulkPanGen = PRIVILEGE_LIST.find((p) => p.code === PRIVILEGE.BULK_PAN_GEN)!.privilegeId;
    const grant = and(eq(rolePrivileges.roleId, ROLE.AGENCY_USER), eq(rolePrivileges.privilegeId, bulkPanGen));
    const before = await codesOf(ROLE.AGENCY_USER);
    expect(before.split(',')).not.toContain(PRIVILEGE.BULK_PAN_GEN);
    await db.insert(rolePrivileges).values({ roleId: ROLE.AGENCY_USER, privilegeId: bulkPanGen });
    expect((await codesOf(ROLE.AGENCY_USER)).split(',')).toContain(PRIVILEGE.BULK_PAN_GEN);
    expect(await codesOf(ROLE.AGENCY_USER)).toBe(await granted(ROLE.AGENCY_USER));
    // A renamed code reaches every role holding it, in code order.
    await db.update(privileges).set({ code: 'AAA_RENAMED' }).where(eq(privileges.id, bulkPanGen));
    expect((await codesOf(ROLE.AGENCY_USER)).split(',')[0]).toBe('AAA_RENAMED');
    await db.update(privileges).set({ code: PRIVILEGE.BULK_PAN_GEN }).where(eq(privileges.id, bulkPanGen));
    await db.delete(rolePrivileges).where(grant);
    expect(await codesOf(ROLE.AGENCY_USER)).toBe(before);
    // A role with no grant has none, not a stale list.
    await db.insert(roles).values({ id: 77, descr: 'Empty role', privilegeCodes: 'FORGED' });
    expect(await codesOf(77)).toBe('');
    await db.delete(roles).where(eq(roles.id, 77));
  });

  it('holds the tax classes and TIN types of core', async () => {
    expect(await rows(`select id, descr from tax_classes order by id`)).toEqual(
      TAX_CLASSES.map((c) => ({ id: c.taxClassId, descr: c.descr })),
    );
    expect(await rows(`select id, descr from tin_types order by id`)).toEqual(
      TIN_TYPES.map((t) => ({ id: t.tinTypeId, descr: t.descr })),
    );
  });
});

describe.runIf(RUNS_HERE)('demo data', () => {
  it('loads into an empty database, in seconds', async () => {
    expect(seededBefore).toBe(false);
    expect(await isDatabaseSeeded(db)).toBe(true);
    console.info(`demo data seeded in ${seedMs} ms`);
    // About 6-9 s alone on PGlite; other test files share the CPU, so the bound only catches a gross regression.
    expect(seedMs).toBeLessThan(60_000);
  });

  it('has the programs, recipients, benefits, merchants and transactions to page through', async () => {
    expect(await countOf('programs')).toBeGreaterThanOrEqual(2);
    expect(await countOf('agencies')).toBe(6);
    const recipients = await countOf('recipient_accounts');
    expect(recipients).toBeGreaterThanOrEqual(480);
    expect(recipients).toBeLessThanOrEqual(520);
    // 2,000 planned; the engine's accruals and refunds made the rest (creation channel POS).
    const [planned] = await rows<{ n: number }>(
      `select count(*)::int as n from benefits where creation_channel <> 'POS'`,
    );
    expect(planned!.n).toBe(2000);
    expect(await countOf('merchants')).toBe(60);
    expect(await countOf('transactions')).toBeGreaterThanOrEqual(5000);
    expect(await countOf('transaction_benefits')).toBeGreaterThan(4000);
    expect(await countOf('external_cards')).toBe(30);
    expect(await countOf('incentives')).toBe(4);
    expect(await countOf('applicants')).toBe(40);
    const statuses = await rows<{ status_id: number }>(`select distinct status_id from benefits order by 1`);
    expect(statuses.map((s) => s.status_id)).toEqual(Object.values(BENEFIT_STATUS).sort());
  });

  it('has the demo users, enabled, verified, with the demo password and a security answer', async () => {
    const demo = await rows<{
      username: string;
      role_id: number;
      status_id: number;
      email_verified: boolean;
      password_hash: string;
      answers: number;
    }>(
      `select u.username, u.role_id, u.status_id, u.email_verified, u.password_hash,
              (select count(*)::int from user_security_answers a where a.user_id = u.id) as answers
       from users u where u.username in (${DEMO_USERNAMES.map((u) => `'${u}'`).join(',')}) order by u.username`,
    );
    expect(demo.map((u) => u.username).sort()).toEqual([...DEMO_USERNAMES].sort());
    const roleOf = Object.fromEntries(demo.map((u) => [u.username, u.role_id]));
    expect(roleOf).toEqual({
      sysadmin01: 4,
      progadmin01: 1,
      agencyadmin01: 5,
      agencyuser01: 6,
      recipient01: 3,
      farmer01: 7,
    });
    for (const u of demo) {
      expect(u.status_id).toBe(USER_STATUS.ENABLED);
      expect(u.email_verified).toBe(true);
      expect(u.answers).toBe(1);
    }
    expect(await verifyPassword(demo[0]!.password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it('gives recipient01 an active account with benefits, transactions, notifications, incentives and a card', async () => {
    const [account] = await rows<Record<string, number>>(
      `select ra.status_id, p.short_name,
              (select count(*)::int from benefits b where b.account_id = ra.id) as benefits,
              (select count(*)::int from transactions t where t.account_id = ra.id) as transactions,
              (select count(*)::int from notifications n where n.account_id = ra.id and n.status_id = 0) as unread,
              (select count(*)::int from recipient_incentives i where i.account_id = ra.id) as incentives,
              (select count(*)::int from external_cards c where c.account_id = ra.id) as cards,
              (select count(*)::int from pans c where c.account_id = ra.id and c.pan_status_id = 0) as active_pans
       from recipient_accounts ra join users u on u.id = ra.user_id join programs p on p.id = ra.program_id
       where u.username = 'recipient01' order by ra.program_id limit 1`,
    );
    expect(account).toMatchObject({
      status_id: ACCOUNT_STATUS.ACTIVE,
      short_name: 'CTSFMNP',
      cards: 1,
      active_pans: 1,
    });
    expect(account!.benefits).toBeGreaterThanOrEqual(5);
    expect(account!.transactions).toBeGreaterThanOrEqual(10);
    expect(account!.unread).toBeGreaterThan(0);
    expect(account!.incentives).toBeGreaterThan(0);
  });

  it('keeps every balance between zero and the amount, equal to the amount less purchases plus refunds', async () => {
    expect(await rows(`select id from benefits where balance < 0 or balance > amount`)).toEqual([]);
    // Purchases and clawbacks debit, refunds and reversals credit; an accrual's line names the incentive benefit it
    // issued (its amount), and a refund's line onto a new benefit (original_benefit_id another) is that benefit's amount.
    const drifted = await rows(
      `with x as (
         select tb.benefit_id, sum(case when t.trx_type_id in (1, 7) then -tb.amount
           when t.trx_type_id = 2 and tb.original_benefit_id is distinct from tb.benefit_id then 0
           when t.trx_type_id in (2, 4) then tb.amount else 0 end) as delta
         from transaction_benefits tb join transactions t on t.id = tb.transaction_id
         where t.resp_code_id = 1 group by tb.benefit_id)
       select b.id from benefits b left join x on x.benefit_id = b.id
       where b.status_id <> ${BENEFIT_STATUS.EXPUNGED} and b.balance <> b.amount + coalesce(x.delta, 0)`,
    );
    expect(drifted).toEqual([]);
  });

  it("has the engine's outcomes: its decline codes, every incentive benefit an accrual within the caps", async () => {
    // Only the answers the engine gives (decision 0079): no decline the seed made up.
    const codes = await rows<{ code: string }>(
      `select distinct rc.code from transactions t join response_codes rc on rc.id = t.resp_code_id order by 1`,
    );
    expect(codes.map((c) => c.code)).toEqual(expect.arrayContaining(['00', '13', '51']));
    const engineCodes = [
      '00',
      '03',
      '05',
      '12',
      '13',
      '14',
      '25',
      '41',
      '43',
      '51',
      '54',
      '57',
      '58',
      '62',
      '78',
      '91',
    ];
    expect(codes.map((c) => c.code).filter((c) => !engineCodes.includes(c))).toEqual([]);
    // Every incentive benefit was issued by an accrual of a purchase, for its amount.
    expect(
      await rows(
        `select b.id from benefits b where b.benefit_type_id = ${BENEFIT_TYPE.INCENTIVE} and not exists (
           select 1 from transaction_benefits tb join transactions a on a.id = tb.transaction_id
           join transactions p on p.id = a.caused_by_id and p.trx_type_id = 1
           where tb.benefit_id = b.id and a.trx_type_id = 6 and a.settle_amt = b.amount)`,
      ),
    ).toEqual([]);
    const [accruals] = await rows<{ n: number }>(`select count(*)::int as n from transactions where trx_type_id = 6`);
    expect(accruals!.n).toBeGreaterThan(50);
    // What an enrolment earned (accruals less clawbacks) stays within each cap: per purchase, per day, per month.
    const over = await rows(
      `with earned as (
         select t.recipient_incentive_id as ri, t.accrual_day as day,
           sum(case when t.trx_type_id = 6 then t.settle_amt else -t.settle_amt end) as amt, max(t.settle_amt) as top
         from transactions t where t.trx_type_id in (6, 7) and t.resp_code_id = 1 group by 1, 2)
       select e.ri, e.day from earned e
       join recipient_incentives ri on ri.id = e.ri join incentives i on i.id = ri.incentive_id
       where (i.accrual_max_day > 0 and e.amt > i.accrual_max_day)
          or (i.accrual_max_trx > 0 and e.top > i.accrual_max_trx)
          or (i.accrual_max_month > 0 and (select sum(e2.amt) from earned e2 where e2.ri = e.ri
               and date_trunc('month', e2.day) = date_trunc('month', e.day)) > i.accrual_max_month)`,
    );
    expect(over).toEqual([]);
  });

  it('pays every demo purchase oldest expiring first: each regular benefit but the last one emptied', async () => {
    // The balance of each benefit just before each purchase, from the moves before it (a refund's new benefit starts
    // at nothing); in the engine's order (latest expiring last), every regular benefit before the last gave it all.
    const notEmptied = await rows(
      `with mv as (
         select tb.benefit_id, t.id as trx_id, t.trx_datetime, t.trx_type_id, tb.amount,
           case when t.trx_type_id in (1, 7) then -tb.amount when t.trx_type_id in (2, 4) then tb.amount else 0 end
             as delta
         from transaction_benefits tb join transactions t on t.id = tb.transaction_id where t.resp_code_id = 1),
       running as (
         select mv.*, coalesce(sum(delta) over (partition by benefit_id order by trx_datetime, trx_id
           rows between unbounded preceding and 1 preceding), 0) as moved_before
         from mv),
       lines as (
         select r.trx_id, r.amount, b.benefit_type_id,
           (case when b.note = 'Refund of a purchase' and b.creation_channel = 'POS' then 0 else b.amount end)
             + r.moved_before as before,
           row_number() over (partition by r.trx_id
             order by b.expiration_date desc, b.available_date desc, b.id desc) as from_last
         from running r join benefits b on b.id = r.benefit_id where r.trx_type_id = 1)
       select trx_id from lines where from_last > 1 and benefit_type_id = ${BENEFIT_TYPE.REGULAR} and amount <> before`,
    );
    expect(notEmptied).toEqual([]);
    const [split] = await rows<{ n: number }>(
      `select count(*)::int as n from (select tb.transaction_id from transaction_benefits tb
         join transactions t on t.id = tb.transaction_id where t.trx_type_id = 1 group by 1 having count(*) > 1) x`,
    );
    expect(split!.n).toBeGreaterThan(20);
  });

  it('has reversals linked to their purchase, declines with their codes and the agency of each account', async () => {
    const reversals = await rows<{ n: number }>(
      `select count(*)::int as n from transactions r join transactions o on o.id = r.reversal_of_id
       where r.trx_type_id = 4 and o.trx_type_id = 1 and o.reversed_at is not null and r.req_amt = o.settle_amt`,
    );
    expect(reversals[0]!.n).toBeGreaterThan(5);
    const codes = await rows<{ n: number }>(
      `select count(distinct resp_code_id)::int as n from transactions where resp_code_id <> 1`,
    );
    expect(codes[0]!.n).toBeGreaterThanOrEqual(4);
    expect(
      await rows(
        `select t.id from transactions t join recipient_accounts ra on ra.id = t.account_id
         where t.agency_id is distinct from ra.agency_id`,
      ),
    ).toEqual([]);
  });

  it('stores card numbers sealed: hash, ciphertext and last four, never the clear number', async () => {
    const stored = await rows<{ pan_hash: string; pan_encrypted: string; pan_last4: string }>(
      `select pan_hash, pan_encrypted, pan_last4 from pans`,
    );
    expect(stored.length).toBeGreaterThan(400);
    for (const p of stored) {
      expect(p.pan_encrypted).not.toMatch(/^[0-9]{16,19}$/);
      const pan = decrypt(p.pan_encrypted, KEYS.dataEncryptionKey);
      expect(pan).toMatch(/^[0-9]{19}$/);
      expect(isLuhnValid(pan)).toBe(true);
      expect(pan.endsWith(p.pan_last4)).toBe(true);
      expect(p.pan_hash).not.toContain(pan);
    }
  });

  it('places every merchant in Connecticut', async () => {
    const outside = await rows(
      `select id from merchants where latitude is null or latitude not between 41.0 and 42.05 or longitude not between -73.7 and -71.8`,
    );
    expect(outside).toEqual([]);
  });

  it('settles every demo program up to the cut-off before the latest, leaving newer transactions waiting', async () => {
    const batches = await rows<{ program_id: number; cutoff_at: Date | string; merchant_count: number; net: string }>(
      `select program_id, cutoff_at, merchant_count, net_amt as net from settlement_batches order by program_id`,
    );
    expect(batches).toHaveLength(await countOf('programs'));
    for (const batch of batches) {
      expect(batch.merchant_count).toBeGreaterThan(0);
      // The latest cut-off (the job's first close once the server runs) is at most a day before NOW.
      expect(new Date(batch.cutoff_at).getTime()).toBeLessThan(NOW.getTime() - 86_400_000);
    }
    // A transaction belongs to one batch at most, and what came after the cut-off waits for the job's next close.
    expect(await countOf('settlement_entries')).toBeGreaterThan(0);
    expect(await countOf('settlement_queue')).toBeGreaterThan(0);
    const enabled = await rows(
      `select 1 from config_entries where config_key = 'settlement.enabled' and config_value = 'true'`,
    );
    expect(enabled).toHaveLength(1);
  });

  it('has the online application 1 linked to the first program', async () => {
    expect(
      await rows(
        `select a.id, a.active, p.short_name from applications a join application_programs ap on ap.application_id = a.id join programs p on p.id = ap.program_id`,
      ),
    ).toEqual([{ id: 1, active: true, short_name: 'CTSFMNP' }]);
  });
});

describe.runIf(RUNS_HERE)('database rules', () => {
  it('refuses a negative benefit balance', async () => {
    const [benefit] = await db.select({ id: benefits.id }).from(benefits).limit(1);
    expect(
      await attempt((tx) => tx.update(benefits).set({ balance: '-0.01' }).where(eq(benefits.id, benefit!.id))),
    ).toBe(CHECK_VIOLATION);
    expect(
      await attempt((tx) => tx.update(benefits).set({ balance: '0.00' }).where(eq(benefits.id, benefit!.id))),
    ).toBe('ok');
  });

  it('refuses a second agency with the same code in a program, but not in another program', async () => {
    const [agency] = await db.select().from(agencies).limit(1);
    const [other] = await rows<{ id: number }>(`select id from programs where id <> ${agency!.programId} limit 1`);
    expect(
      await attempt((tx) =>
        tx.insert(agencies).values({ programId: agency!.programId, name: 'Copy', code: agency!.code }),
      ),
    ).toBe(UNIQUE_VIOLATION);
    expect(
      await attempt((tx) => tx.insert(agencies).values({ programId: other!.id, name: 'Copy', code: agency!.code })),
    ).toBe('ok');
  });

  it('refuses a funding source name that differs from another of the program only in case', async () => {
    const [source] = await db.select().from(fundingSources).limit(1);
    const insert = (name: string) =>
      attempt((tx) => tx.insert(fundingSources).values({ programId: source!.programId, name }));
    expect(await insert(source!.name.toUpperCase())).toBe(UNIQUE_VIOLATION);
    expect(await insert(source!.name.toLowerCase())).toBe(UNIQUE_VIOLATION);
    expect(await insert('A')).toBe(CHECK_VIOLATION); // 2 to 30 characters
    expect(await insert('Brand New Source')).toBe('ok');
  });

  it('refuses a second user whose username differs only in case', async () => {
    const [user] = await db.select().from(users).limit(1);
    const copy = { ...user!, username: user!.username.toUpperCase() } as Partial<typeof user>;
    delete copy!.id;
    delete copy!.uuid;
    expect(await attempt((tx) => tx.insert(users).values(copy as typeof users.$inferInsert))).toBe(UNIQUE_VIOLATION);
  });

  // Database enums equal core enums (style.md "Pinned values"): every core value is accepted, one past either end
  // is refused.
  const pins: { name: string; table: string; column: string; values: readonly number[]; where?: string }[] = [
    { name: 'benefit status', table: 'benefits', column: 'status_id', values: Object.values(BENEFIT_STATUS) },
    {
      name: 'benefit type',
      table: 'benefits',
      column: 'benefit_type_id',
      values: Object.values(BENEFIT_TYPE),
      where: 'incentive_id is not null',
    },
    { name: 'program status', table: 'programs', column: 'status_id', values: Object.values(PROGRAM_STATUS) },
    { name: 'account status', table: 'recipient_accounts', column: 'status_id', values: Object.values(ACCOUNT_STATUS) },
    {
      name: 'account type',
      table: 'recipient_accounts',
      column: 'account_type_id',
      values: Object.values(ACCOUNT_TYPE),
    },
    { name: 'user status', table: 'users', column: 'status_id', values: Object.values(USER_STATUS) },
    { name: 'PAN status', table: 'pans', column: 'pan_status_id', values: Object.values(PAN_STATUS) },
    { name: 'PAN type', table: 'pans', column: 'pan_type_id', values: Object.values(PAN_TYPE) },
    {
      name: 'external card type',
      table: 'external_cards',
      column: 'type_id',
      values: Object.values(EXTERNAL_PAN_TYPE),
    },
    {
      name: 'external card status',
      table: 'external_cards',
      column: 'status_id',
      values: Object.values(EXTERNAL_PAN_STATUS),
    },
    {
      name: 'notification status',
      table: 'notifications',
      column: 'status_id',
      values: Object.values(NOTIFICATION_STATUS),
    },
    { name: 'merchant status', table: 'merchants', column: 'status_id', values: Object.values(MERCHANT_STATUS) },
    {
      name: 'merchant program status',
      table: 'merchant_programs',
      column: 'status_id',
      values: Object.values(MERCHANT_PROGRAM_STATUS),
    },
    {
      name: 'bank account type',
      table: 'merchant_bank_accounts',
      column: 'account_type_id',
      values: Object.values(BANK_ACCOUNT_TYPE),
    },
  ];
  for (const pin of pins) {
    it(`accepts exactly the core values of ${pin.name}`, async () => {
      const set = (value: number) =>
        attempt((tx) =>
          tx.execute(
            sql.raw(
              `update ${pin.table} set ${pin.column} = ${value} where ctid = (select ctid from ${pin.table} ${pin.where ? `where ${pin.where}` : ''} limit 1)`,
            ),
          ),
        );
      for (const value of pin.values) expect(await set(value), `${pin.name} ${value}`).toBe('ok');
      expect(await set(Math.min(...pin.values) - 1)).toBe(CHECK_VIOLATION);
      expect(await set(Math.max(...pin.values) + 1)).toBe(CHECK_VIOLATION);
    });
  }
});

describe.runIf(RUNS_HERE)('migrations', () => {
  it('are up to date with the schema (a fresh drizzle-kit generate would produce nothing)', async () => {
    // The newest migration's snapshot: drizzle-kit names them by the journal's last index (0001_snapshot.json, ...).
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number }[];
    };
    const latest = String(journal.entries.at(-1)!.idx).padStart(4, '0');
    const previous = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, `meta/${latest}_snapshot.json`), 'utf8'));
    const current = generateDrizzleJson(schema as Record<string, unknown>, previous.id);
    expect(await generateMigration(previous, current)).toEqual([]);
  });

  it("journal in order: idx 0, 1, 2, ... and each entry's `when` later than the one before", () => {
    // Drizzle's migrator applies only migrations whose `when` is later than the last one a database has applied: an
    // entry merged with an earlier `when` than its predecessor would be skipped silently on every existing database.
    const { entries } = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    expect(entries.map((e) => e.idx)).toEqual(entries.map((_, i) => i));
    for (const [i, entry] of entries.entries()) {
      if (i === 0) continue;
      expect(entry.when, `${entry.tag} after ${entries[i - 1]!.tag}`).toBeGreaterThan(entries[i - 1]!.when);
    }
  });

  it('create the pg_trgm extension that the contains-search indexes need', async () => {
    expect(await rows(`select extname from pg_extension where extname = 'pg_trgm'`)).toEqual([{ extname: 'pg_trgm' }]);
  });
});
