import { expect, type APIRequestContext } from '@playwright/test';
import { bearer } from './helpers';

// What the benefit stories share: the demo program and recipient they use, the program's "today", and a benefit
// issued through the API as another client would.

export const SFMNP = 'Connecticut Senior Farmers Market';
/** recipient01's Account ID in CTSFMNP in the demo data. */
export const RECIPIENT_ID = '10000001';

export interface CallerProgram {
  programUuid: string;
  programName: string;
  shortName: string;
  lastIssuanceDate: string | null;
  timeZone: string;
}

export async function programsOf(request: APIRequestContext, token: string): Promise<CallerProgram[]> {
  const answer = await request.get('/account-api/account/programs', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as CallerProgram[];
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** Today in a program's time zone (resolution 26); the demo programs are in the product default. */
export function programToday(timeZone = 'America/New_York'): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

/** Issues a $50.00 CTSFMNP benefit to recipient01 through the API, as another client would. */
export async function issueThroughApi(request: APIRequestContext, token: string, auth: string) {
  const sfmnp = (await programsOf(request, token)).find((p) => p.programName === SFMNP)!;
  const funding = await request.get(`/benefit-api/funding-sources/${sfmnp.programUuid}`, { headers: bearer(token) });
  const fundingId = ((await funding.json()) as { fundingId: number }[])[0]!.fundingId;
  const availableDate = programToday(sfmnp.timeZone);
  const answer = await request.post('/benefit-api/benefit', {
    headers: bearer(token),
    data: {
      benefitRecipientAccountIdentifier: RECIPIENT_ID,
      benefitAuthorizationNumber: auth,
      benefitAvailableDate: availableDate,
      benefitExpirationDate: addDays(availableDate, 149),
      benefitAmount: 50,
      programUuid: sfmnp.programUuid,
      fundingId,
      benefitTypeId: 1,
      benefitOptionId: 1,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const body = (await answer.json()) as { benefitUuid: string };
  return { uuid: body.benefitUuid, auth, availableDate };
}
