import { beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_EXPIRING_SOON_DAYS_KEY } from '@ebt/core/benefits';
import { configEntries } from '../../db/schema/index.js';
import { CONFIG_VALUES } from '../../platform/config-values.js';
import { useTestApp } from '../../testing/app.js';
import { type BenefitWorld, makeBenefit, makeBenefitWorld } from '../../testing/benefits.js';

// A§4 'expiring soon': the lead time is the configuration key benefit.expiringSoonDays (docs/configuration.md), 14
// days while none is in force. Today is 2026-11-23.

const t = useTestApp();
let w: BenefitWorld;
beforeAll(async () => {
  w = await makeBenefitWorld(t);
});

describe('the expiring-soon lead time', () => {
  it('marks a benefit 20 days from expiry only once an administrator sets a lead time of 30 days', async () => {
    const benefit = await makeBenefit(t.database.db, {
      programId: w.programA.id,
      accountId: w.accounts.a1.id,
      agencyId: w.a1.id,
      expirationDate: '2026-12-13',
    });
    const marker = async () => {
      const detail = await t.injectAs(w.tokens.programAdminA, {
        method: 'GET',
        url: `/benefit-api/benefit/${benefit.uuid}`,
      });
      const search = await t.injectAs(w.tokens.programAdminA, {
        method: 'GET',
        url: `/benefit-api/benefit?accountId=${w.accounts.a1.recipientIdentifier}&pageSize=10&page=0`,
      });
      const row = (search.json() as { data: { benefitUuid: string; expiryMarker: string | null }[] }).data.find(
        (b) => b.benefitUuid === benefit.uuid,
      );
      return [(detail.json() as { expiryMarker: string | null }).expiryMarker, row?.expiryMarker];
    };
    expect(await marker()).toEqual([null, null]);
    await t.database.db
      .insert(configEntries)
      .values({ configKey: BENEFIT_EXPIRING_SOON_DAYS_KEY, configValue: '30', effectiveDate: '2026-11-01' });
    CONFIG_VALUES.invalidate(t.database.db); // written behind the cache's back, as another instance would
    expect(await marker()).toEqual(['expiring soon', 'expiring soon']);
  });
});
