import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, bearer } from './helpers';

// What the merchant specs read and prepare through the API (B§7): counts the screens must show, and merchants of
// their own to change, so no other spec's merchant (the locator's, the import's) changes under it.

/** A Merchant ID no other run has used: at most 20 characters (B§5). */
export function uniqueMerchantId(prefix = 'E2E'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 20);
}

/** The caller's first program (GET /account-api/account/programs): its numeric id and name. */
export async function firstProgram(
  request: APIRequestContext,
  username: string,
): Promise<{ programId: number; programName: string }> {
  const token = await apiToken(request, username);
  const answer = await request.get('/account-api/account/programs', { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  const programs = (await answer.json()) as { programId: number; programName: string }[];
  expect(programs.length, `${username} has a program`).toBeGreaterThan(0);
  return programs[0]!;
}

/** How many merchants the search API lists for `username` with `criteria`: what the screen must show. */
export async function merchantCount(
  request: APIRequestContext,
  username: string,
  criteria: Record<string, string>,
): Promise<number> {
  const token = await apiToken(request, username);
  const answer = await request.get('/merchant-api/merchants', {
    headers: bearer(token),
    params: { ...criteria, pageSize: 1000 },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: unknown[] }).data.length;
}

export interface MerchantDetailAnswer {
  merchantUuid: string;
  merchantIdentifier: string | null;
  merchantStatusId: number;
  merchantName: string;
  fnsNumber: string | null;
  taxId: string | null;
  businessPhone: string | null;
  mailingAddress: { addressOne: string } | null;
  bankAccountInfo: { bankName: string | null; bankAccountNumber: string | null } | null;
  merchantPrograms: { programId: number; statusId: number }[];
}

/** GET /merchant-api/merchant/{id} as `username`. */
export async function readMerchant(
  request: APIRequestContext,
  username: string,
  merchantUuid: string,
): Promise<MerchantDetailAnswer> {
  const token = await apiToken(request, username);
  const answer = await request.get(`/merchant-api/merchant/${merchantUuid}`, { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as MerchantDetailAnswer;
}

export const BANK_ACCOUNT = '000123456789';
export const BANK_ROUTING = '021000021';

/**
 * Adds a merchant of the spec's own through POST /merchant-api/merchant as `username` (who holds MERCHANT_ADD), in
 * their first program (or `program`), with bank info when `withBank`.
 */
export async function addMerchant(
  request: APIRequestContext,
  username: string,
  {
    withBank = false,
    name = 'E2E Market Stand',
    program: given,
  }: { withBank?: boolean; name?: string; program?: { programId: number; programName: string } } = {},
): Promise<{ merchantUuid: string; merchantIdentifier: string; programId: number; programName: string }> {
  const program = given ?? (await firstProgram(request, username));
  const token = await apiToken(request, username);
  const merchantIdentifier = uniqueMerchantId();
  const answer = await request.post('/merchant-api/merchant', {
    headers: bearer(token),
    data: {
      merchantIdentifier,
      merchantName: name,
      fnsNumber: '1234567',
      email: 'stand@example.com',
      businessPhone: '8605550199',
      mobilePhone: '8605550198',
      taxId: withBank ? '123456789' : null,
      taxClassId: withBank ? 1 : null,
      tinTypeId: withBank ? 2 : null,
      programId: program.programId,
      addressInfo: { addressOne: '12 Elm Street', addressTwo: '', city: 'Hartford', stateCode: 'CT', zipcode: '06103' },
      mailingAddress: null,
      physicalAddress: null,
      bankAccountInfo: withBank
        ? {
            bankName: 'First Farmers Bank',
            bankAccountNumber: BANK_ACCOUNT,
            bankRoutingNumber: BANK_ROUTING,
            bankAccountType: 0,
            firstName: 'Ada',
            middleName: '',
            lastName: 'Stone',
          }
        : null,
      creationChannel: 'API',
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { merchantUuid } = (await answer.json()) as { merchantUuid: string };
  return { merchantUuid, merchantIdentifier, ...program };
}

/** The message banner with exactly `text` (success banners take focus: the person hears them). */
export function banner(page: Page, text: string) {
  return page
    .getByRole('alert')
    .filter({ hasText: text })
    .or(page.getByRole('status').filter({ hasText: text }));
}
