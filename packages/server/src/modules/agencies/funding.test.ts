import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGENCY_FUNDING_ALERT_PCT_KEY, AGENCY_FUNDING_ENFORCE_KEY, AGENCY_MESSAGES } from '@ebt/core/agencies';
import { ROLE } from '@ebt/core/enums';
import { fromCents } from '@ebt/core/format';
import { fillMessage } from '@ebt/core/messages';
import {
  agencies,
  auditLog,
  benefits,
  configEntries,
  fundingSources,
  issuanceJournal,
  outbox,
  staffNotifications,
} from '../../db/schema/index.js';
import { checkAgencyFunding } from '../../platform/agency-funding.js';
import { useTestApp } from '../../testing/app.js';
import { makeAgency, makeRecipient, makeUser } from '../../testing/factories.js';
import { buildWorld } from '../../testing/world.js';

// Agency funding (B§9 fundingAlert; docs/decisions/0029): benefits issued to an agency count against its funding
// amount; the alert goes to program admins and the agency's admins once per crossing of agency.funding.alertPct; with
// agency.funding.enforce on, issuing past the amount is refused.

const t = useTestApp();
const db = () => t.database.db;

async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { program: { name: 'Funding Program' } },
    agencies: { other: { program: 'program' } },
    users: { programAdmin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['program'] } },
  });
  const [funding] = await db()
    .insert(fundingSources)
    .values({ programId: world.programs.program.id, name: 'State Funds' })
    .returning();
  return { ...world, fundingId: funding!.id };
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});
beforeEach(async () => {
  await db()
    .delete(configEntries)
    .where(inArray(configEntries.configKey, [AGENCY_FUNDING_ALERT_PCT_KEY, AGENCY_FUNDING_ENFORCE_KEY]));
});

let sequence = 0;
/** A funded agency with its own agency admin. */
async function fundedAgency(fundingAmount: string | null, fundingAlert = 1) {
  const agency = await makeAgency(db(), w.programs.program, {
    fundingAmount,
    fundingAlert,
    name: `Funded ${++sequence}`,
  });
  const admin = await makeUser(db(), { roleId: ROLE.AGENCY_ADMIN, agencies: [agency] });
  return { agency, admin };
}

async function issue(
  agency: { id: number; uuid: string },
  benefitAmount: number,
  account?: { recipientIdentifier: string },
) {
  account ??= await makeRecipient(db(), { program: w.programs.program, agency });
  const today = t.clock.now().toISOString().slice(0, 10);
  const later = new Date(t.clock.now().getTime() + 90 * 86_400_000).toISOString().slice(0, 10);
  return t.injectAs(w.tokens.programAdmin, {
    method: 'POST',
    url: '/benefit-api/benefit',
    payload: {
      benefitRecipientAccountIdentifier: account.recipientIdentifier,
      benefitAuthorizationNumber: `FUND${++sequence}`,
      benefitAvailableDate: today,
      benefitExpirationDate: later,
      benefitAmount,
      programUuid: w.programs.program.uuid,
      agencyUuid: agency.uuid,
      fundingId: w.fundingId,
      benefitTypeId: 1,
    },
  });
}
async function issued(agency: { id: number; uuid: string }, amount: number) {
  const res = await issue(agency, amount);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { benefitUuid: string };
}
const voidBenefit = (benefitUuid: string) =>
  t.injectAs(w.tokens.programAdmin, {
    method: 'PATCH',
    url: `/benefit-api/benefit/${benefitUuid}`,
    payload: { benefitStatus: 'VOIDED', updationChannel: 'API' },
  });

const noticesTo = async (userId: number) =>
  db().select().from(staffNotifications).where(eq(staffNotifications.userId, userId));
const mailTo = async (email: string) => db().select().from(outbox).where(eq(outbox.to, email));
const alertedAt = async (agencyId: number) =>
  (await db().select({ at: agencies.fundingAlertedAt }).from(agencies).where(eq(agencies.id, agencyId)))[0]!.at;
const setConfig = (configKey: string, configValue: string) =>
  db().insert(configEntries).values({ configKey, configValue, effectiveDate: '2020-01-01' });

describe('the agency funding alert', () => {
  it('tells program admins and the agency admins once when issuance reaches 90%, and again after a new crossing', async () => {
    const { agency, admin } = await fundedAgency('100.00');
    await issued(agency, 80);
    expect(await noticesTo(admin.id)).toEqual([]);
    expect(await alertedAt(agency.id)).toBeNull();

    const tenth = await issued(agency, 10);
    const notices = await noticesTo(admin.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toBe(
      fillMessage(AGENCY_MESSAGES.FUNDING_ALERT_TEXT, {
        agency: agency.name,
        program: 'Funding Program',
        pct: 90,
        issued: '$90.00',
        funding: '$100.00',
      }),
    );
    expect(await noticesTo(w.users.programAdmin.id)).toEqual([expect.objectContaining({ text: notices[0]!.text })]);
    // The e-mail frames the staff notice (docs/notices.md): greeting, the text, a link to the staff inbox, HTML.
    expect(await mailTo(admin.email)).toEqual([
      expect.objectContaining({
        subject: `Agency funding alert: ${agency.name}`,
        body: expect.stringContaining(`\n\n${notices[0]!.text}\n\n`),
        html: expect.stringContaining('<html lang="en">'),
        kind: 'agency-funding',
      }),
    ]);
    expect(await alertedAt(agency.id)).not.toBeNull();
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'funding-alert'), eq(auditLog.entityId, agency.uuid)));
    expect(audit).toBeDefined();

    // Once: more issuance past the threshold sends nothing more.
    const more = await issued(agency, 5);
    expect(await noticesTo(admin.id)).toHaveLength(1);

    // Voids take it below the threshold: the alert is re-armed, and the next crossing alerts again.
    expect((await voidBenefit(more.benefitUuid)).statusCode).toBe(200);
    expect(await alertedAt(agency.id)).not.toBeNull();
    expect((await voidBenefit(tenth.benefitUuid)).statusCode).toBe(200);
    expect(await alertedAt(agency.id)).toBeNull();
    await issued(agency, 15);
    expect(await noticesTo(admin.id)).toHaveLength(2);
    expect(await mailTo(admin.email)).toHaveLength(2);
  });

  it('reads the threshold from agency.funding.alertPct', async () => {
    await setConfig(AGENCY_FUNDING_ALERT_PCT_KEY, '50');
    const { agency, admin } = await fundedAgency('100.00');
    await issued(agency, 49.99);
    expect(await noticesTo(admin.id)).toHaveLength(0);
    await issued(agency, 0.01);
    expect(await noticesTo(admin.id)).toHaveLength(1);
  });

  it('sends nothing with fundingAlert 0 or without a funding amount', async () => {
    const off = await fundedAgency('100.00', 0);
    await issued(off.agency, 95);
    expect(await noticesTo(off.admin.id)).toEqual([]);
    const unfunded = await fundedAgency(null);
    await issued(unfunded.agency, 95);
    expect(await noticesTo(unfunded.admin.id)).toEqual([]);
  });

  it('re-arms when the funding amount is cleared, so the crossing after a new amount alerts', async () => {
    const { agency, admin } = await fundedAgency('100.00');
    await issued(agency, 95);
    expect(await noticesTo(admin.id)).toHaveLength(1);
    const put = (fundingAmount: number | null) =>
      t.injectAs(w.tokens.programAdmin, {
        method: 'PUT',
        url: `/account-api/agency/${agency.uuid}`,
        payload: { fundingAmount },
      });
    expect((await put(null)).statusCode).toBe(200);
    expect(await alertedAt(agency.id)).toBeNull();
    expect((await put(100)).statusCode).toBe(200);
    expect(await noticesTo(admin.id)).toHaveLength(2);
    expect(await alertedAt(agency.id)).not.toBeNull();
  });

  it('alerts when a lower funding amount set on update brings issuance over the threshold', async () => {
    const { agency, admin } = await fundedAgency('1000.00');
    await issued(agency, 100);
    const res = await t.injectAs(w.tokens.programAdmin, {
      method: 'PUT',
      url: `/account-api/agency/${agency.uuid}`,
      payload: { fundingAmount: 110 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await noticesTo(admin.id)).toHaveLength(1);
  });
});

describe('moving a recipient between agencies', () => {
  it("alerts the agency the recipient's issued benefits move to, and re-arms the one they leave", async () => {
    const from = await fundedAgency('100.00');
    const to = await fundedAgency('100.00');
    const account = await makeRecipient(db(), { program: w.programs.program, agency: from.agency });
    const res = await issue(from.agency, 95, account);
    expect(res.statusCode, res.body).toBe(201);
    expect(await noticesTo(from.admin.id)).toHaveLength(1);
    expect(await alertedAt(from.agency.id)).not.toBeNull();

    const moved = await t.injectAs(w.tokens.programAdmin, {
      method: 'PUT',
      url: '/account-api/account/move',
      payload: { accountUuid: account.uuid, fromAgency: from.agency.uuid, toAgency: to.agency.uuid },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await noticesTo(to.admin.id)).toHaveLength(1);
    expect(await alertedAt(to.agency.id)).not.toBeNull();
    // The agency left is below its threshold again: armed for its next crossing.
    expect(await alertedAt(from.agency.id)).toBeNull();
  });

  it('moves a recipient even into an agency past its funding with agency.funding.enforce on', async () => {
    await setConfig(AGENCY_FUNDING_ENFORCE_KEY, 'true');
    const from = await fundedAgency(null);
    const to = await fundedAgency('10.00');
    const account = await makeRecipient(db(), { program: w.programs.program, agency: from.agency });
    expect((await issue(from.agency, 50, account)).statusCode).toBe(201);
    const moved = await t.injectAs(w.tokens.programAdmin, {
      method: 'PUT',
      url: '/account-api/account/move',
      payload: { accountUuid: account.uuid, fromAgency: from.agency.uuid, toAgency: to.agency.uuid },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await noticesTo(to.admin.id)).toHaveLength(1);
  });
});

describe('agency.funding.enforce', () => {
  it('is off by default: issuing past the funding amount goes through', async () => {
    const { agency } = await fundedAgency('50.00');
    await issued(agency, 60);
  });

  it('when on, refuses an issuance past the funding amount with 409 and issues nothing', async () => {
    await setConfig(AGENCY_FUNDING_ENFORCE_KEY, 'true');
    const { agency } = await fundedAgency('50.00');
    await issued(agency, 50);
    const res = await issue(agency, 0.01);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(fillMessage(AGENCY_MESSAGES.FUNDING_EXCEEDED, { agency: agency.name }));
    const rows = await db().select({ id: benefits.id }).from(benefits).where(eq(benefits.agencyId, agency.id));
    expect(rows).toHaveLength(1);
    // An agency without a funding amount has no limit.
    await issued(w.agencies.other, 1000);
  });

  /** Uploads a benefit file of rows [account, authorization number, amount] to the program. */
  async function uploadFile(rows: [string, string, string][]) {
    const today = t.clock.now().toISOString().slice(0, 10);
    const later = new Date(t.clock.now().getTime() + 90 * 86_400_000).toISOString().slice(0, 10);
    const lines = [
      ['Account ID', 'Authorization Number', 'Available Date', 'Expiration Date', 'Amount', 'Funding Source'],
      ...rows.map(([account, number, amount]) => [account, number, today, later, amount, 'State Funds']),
    ];
    const boundary = 'ebtfundingtest';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="programUuid"\r\n\r\n${w.programs.program.uuid}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="benefitFile"; filename="benefits.csv"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${lines.map((r) => r.join(',')).join('\r\n')}\r\n\r\n` +
      `--${boundary}--\r\n`;
    return t.injectAs(w.tokens.programAdmin, {
      method: 'POST',
      url: '/benefit-api/benefit/file',
      payload: Buffer.from(body),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  it('when on, refuses a benefit file that takes an agency past its funding amount, whole', async () => {
    await setConfig(AGENCY_FUNDING_ENFORCE_KEY, '1');
    const { agency } = await fundedAgency('100.00');
    const account = await makeRecipient(db(), { program: w.programs.program, agency });
    const res = await uploadFile([
      [account.recipientIdentifier, `FILE${++sequence}`, '60'],
      [account.recipientIdentifier, `FILE${++sequence}`, '60'],
    ]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(fillMessage(AGENCY_MESSAGES.FUNDING_EXCEEDED, { agency: agency.name }));
    const kept = await db().select({ id: benefits.id }).from(benefits).where(eq(benefits.agencyId, agency.id));
    expect(kept).toEqual([]);
  });

  it('when on, never refuses a file that only lowers amounts of an agency already over its funding', async () => {
    const { agency } = await fundedAgency('100.00');
    const account = await makeRecipient(db(), { program: w.programs.program, agency });
    const number = `FILE${++sequence}`;
    expect((await uploadFile([[account.recipientIdentifier, number, '120']])).statusCode).toBe(200);
    await setConfig(AGENCY_FUNDING_ENFORCE_KEY, 'true');
    // Still over (110 of 100), but lower: the update goes through.
    const lower = await uploadFile([[account.recipientIdentifier, number, '110']]);
    expect(lower.statusCode, lower.body).toBe(200);
    const [row] = await db().select({ amount: benefits.amount }).from(benefits).where(eq(benefits.agencyId, agency.id));
    expect(row!.amount).toBe('110.00');
    // Raising it again is an issuance past the funding amount: refused.
    const higher = await uploadFile([[account.recipientIdentifier, number, '115']]);
    expect(higher.statusCode, higher.body).toBe(409);
  });
});

describe('two concurrent issuances to one agency', () => {
  // Each issues from its own funding source, so each changes its own roll-up row and only the agency row lock orders
  // them: the second, once it has the lock, must count what the first committed while it waited.
  const ctx = {
    now: () => t.clock.now(),
    log: { info() {} } as never,
    caller: null,
    ip: undefined,
    requestId: undefined,
    config: { defaultTimeZone: 'America/New_York' } as never,
  };
  async function race(agency: { id: number }, firstCents: number, secondCents: number) {
    const [second] = await db()
      .insert(fundingSources)
      .values({ programId: w.programs.program.id, name: `Second Funds ${++sequence}` })
      .returning();
    // An issuance as the benefits' trigger records it: a journal row, not folded yet (decision 0101).
    const issueFrom = (tx: Parameters<typeof checkAgencyFunding>[0], fundingId: number, amountCents: number) =>
      tx
        .insert(issuanceJournal)
        .values({
          programId: w.programs.program.id,
          day: '2026-11-20',
          agencyId: agency.id,
          fundingSourceId: fundingId,
          amount: fromCents(amountCents),
          count: 1,
        })
        .then(() => checkAgencyFunding(tx, ctx, [agency.id], { enforce: true }));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let checked!: () => void;
    const firstChecked = new Promise<void>((resolve) => (checked = resolve));
    const first = db().transaction(async (tx) => {
      await issueFrom(tx, w.fundingId, firstCents);
      checked();
      await released;
    });
    await firstChecked;
    const later = db().transaction((tx) => issueFrom(tx, second!.id, secondCents));
    const outcome = later.then(
      () => 'issued',
      (error: Error) => error.message,
    );
    // Let the second reach the agency row and wait on it before the first commits.
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await first;
    return outcome;
  }

  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'the second counts the first: enforcement refuses it, and the alert goes out once',
    async () => {
      await setConfig(AGENCY_FUNDING_ENFORCE_KEY, 'true');
      const over = await fundedAgency('100.00');
      expect(await race(over.agency, 9500, 1000)).toBe(
        fillMessage(AGENCY_MESSAGES.FUNDING_EXCEEDED, { agency: over.agency.name }),
      );
      expect(await noticesTo(over.admin.id)).toHaveLength(1);
      expect(await alertedAt(over.agency.id)).not.toBeNull();

      // Neither alone reaches 90%, together they do: the second alerts, once.
      const together = await fundedAgency('100.00');
      expect(await race(together.agency, 5000, 4500)).toBe('issued');
      expect(await noticesTo(together.admin.id)).toHaveLength(1);
      expect(await alertedAt(together.agency.id)).not.toBeNull();
    },
  );
});
