import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@ebt/core/endpoints';
import { PRIVILEGE } from '@ebt/core/privileges';
import { useTestApp } from '../testing/app.js';
import { makeFarmer } from '../testing/farmer.js';
import { makeMerchant } from '../testing/merchants.js';

// A farmer user (MERCHANT_ACCESS only, docs/farmer-app.md) reaches the farmer endpoints and their own account, and
// nothing of the staff or recipient portals: every endpoint whose access names privileges other than theirs answers
// 403 before any work (the access hook), whatever its path parameters. Terminal endpoints refuse their session (401).

const t = useTestApp();
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000001');

describe("a farmer user's reach", () => {
  it('is refused every staff and recipient endpoint, and the engine', async () => {
    const merchant = await makeMerchant(t.database.db);
    const farmer = await makeFarmer(t.database.db, [merchant]);
    const token = await t.signIn(farmer.username);
    const refused: string[] = [];
    let checked = 0;
    for (const endpoint of ENDPOINTS) {
      const { access } = endpoint;
      if (access.kind === 'public' || access.kind === 'authenticated') continue;
      if (access.kind === 'privileges' && access.anyOf.includes(PRIVILEGE.MERCHANT_ACCESS)) continue;
      checked += 1;
      const res = await t.injectAs(token, { method: endpoint.method, url: concrete(endpoint.path), payload: {} });
      const expected = access.kind === 'terminal' ? 401 : 403;
      if (res.statusCode !== expected) refused.push(`${endpoint.method} ${endpoint.path}: ${res.statusCode}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(refused, 'endpoints a farmer user reached').toEqual([]);
  });
});
