import { afterEach, describe, expect, it, vi } from 'vitest';

// The web project's tests run in Node without a server: fetch answers from a table, counting its calls.
const ANSWERS: Record<string, unknown> = {
  '/benefit-api/benefit/balances': [
    {
      programUuid: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      programName: 'Fresh Start',
      programId: 1,
      recipientIdentifier: 'R-1',
      totalAmount: 12.5,
      upcomingAmount: 0,
      soonestExpirationDate: null,
      expiringSoon: false,
    },
  ],
  '/account-api/incentive/recipient-incentive/currentrecipient/headroom': [],
};
const fetchMock = vi.fn(async (path: string) => Response.json(ANSWERS[path]));
vi.stubGlobal('fetch', fetchMock);
const { setToken } = await import('../../lib/session');
setToken('a-session');
const { startRead } = await import('../../lib/early-reads');
const { BALANCES_PATH, MY_HEADROOM_PATH } = await import('../../lib/recipient-reads');
const { queryClient } = await import('../../lib/query-client');
const { prefillRecipientHome } = await import('./api');
const { endpointKey } = await import('../../lib/endpoint-client');
const { benefitApi } = await import('@ebt/core/benefits');
const BALANCES_KEY = endpointKey(benefitApi.balances, {});
const { myHeadroomQuery } = await import('../incentives');

afterEach(() => {
  queryClient.clear();
  fetchMock.mockClear();
});

describe("the recipient home's prefill", () => {
  it('puts the answers its route started into the cache, parsed, without reading them again', async () => {
    startRead(BALANCES_PATH);
    startRead(MY_HEADROOM_PATH);
    prefillRecipientHome();
    await vi.waitFor(() => expect(queryClient.getQueryData(BALANCES_KEY)).toBeDefined());
    await vi.waitFor(() => expect(queryClient.getQueryData(myHeadroomQuery().queryKey)).toEqual([]));
    expect(queryClient.getQueryData(BALANCES_KEY)).toEqual(ANSWERS[BALANCES_PATH]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
