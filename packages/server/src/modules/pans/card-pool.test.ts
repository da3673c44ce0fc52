import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_MESSAGES } from '@ebt/core/benefits';
import { auditLog, fundingSources, recipientAccounts } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeProgram } from '../../testing/factories.js';
import { bulkGenerate, makePanWorld, setupOf, type PanWorld } from '../../testing/pans.js';

// The printed-PAN account of a program (decision 0035) is no recipient: out of the recipient search, export and
// detail, no benefit issued to it; its PANs list is capped; making it on the setup's first read is audited.

const t = useTestApp();
let w: PanWorld;
let pool: { accountUuid: string };
let identifier: string;
beforeAll(async () => {
  w = await makePanWorld(t);
  pool = await setupOf(t, w.tokens.programAdminA, w.programs.programA.id);
  const [row] = await t.database.db
    .select()
    .from(recipientAccounts)
    .where(eq(recipientAccounts.uuid, pool.accountUuid));
  identifier = row!.recipientIdentifier;
  expect(row!.isCardPool).toBe(true);
});

const get = (url: string) => t.injectAs(w.tokens.programAdminA, { method: 'GET', url });

describe('the printed-PAN account', () => {
  it('is not found by the recipient search, export or detail', async () => {
    const search = await get(`/account-api/account?recipientIdentifier=${identifier}`);
    expect(search.statusCode).toBe(200);
    expect(search.body).not.toContain(pool.accountUuid);
    const byName = await get(`/account-api/account?lastname=pans&programUuid=${w.programs.programA.uuid}`);
    expect(byName.body).not.toContain(pool.accountUuid);
    const exported = await get(`/account-api/account/export?recipientIdentifier=${identifier}`);
    expect(exported.body).not.toContain(pool.accountUuid);
    expect(exported.body).not.toContain(identifier);
    expect((await get(`/account-api/account/${pool.accountUuid}`)).statusCode).toBe(404);
  });

  it('takes no benefit (422 with its reason)', async () => {
    const [fund] = await t.database.db
      .insert(fundingSources)
      .values({ programId: w.programs.programA.id, name: `Pool fund ${Date.now()}` })
      .returning();
    const res = await t.injectAs(w.tokens.platformAdmin, {
      method: 'POST',
      url: '/benefit-api/benefit',
      payload: {
        benefitRecipientAccountIdentifier: identifier,
        benefitAuthorizationNumber: `POOL${Date.now().toString(36).toUpperCase()}`,
        benefitAvailableDate: '2026-11-23',
        benefitExpirationDate: '2027-02-28',
        benefitAmount: 25,
        programUuid: w.programs.programA.uuid,
        fundingId: fund!.id,
        benefitTypeId: 1,
        incentiveUuid: '',
        creationChannel: 'WEB',
        agencyUuid: '',
        note: '',
        benefitOptionId: '',
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(BENEFIT_MESSAGES.RECIPIENT_IS_CARD_POOL);
  });

  it('lists its newest 100 PANs at most on the PANs page', async () => {
    const program = await makeProgram(t.database.db, { maxPrintedPans: 500 });
    const { accountUuid } = await setupOf(t, w.tokens.platformAdmin, program.id);
    await bulkGenerate(t, w.tokens.platformAdmin, program.id, 105);
    const res = await t.injectAs(w.tokens.platformAdmin, {
      method: 'GET',
      url: `/account-api/pans?programId=${program.id}&accountUuid=${accountUuid}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(100);
  });

  it('is made once, on the setup’s first read, with an audit row', async () => {
    const program = await makeProgram(t.database.db, { maxPrintedPans: 10 });
    const { accountUuid } = await setupOf(t, w.tokens.platformAdmin, program.id);
    await setupOf(t, w.tokens.platformAdmin, program.id);
    const [account] = await t.database.db
      .select()
      .from(recipientAccounts)
      .where(eq(recipientAccounts.uuid, accountUuid));
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'recipient_account'), eq(auditLog.entityId, String(account!.id))));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });
});
