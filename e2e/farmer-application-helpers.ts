import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { en } from '../packages/web/src/lib/i18n/en';
import { es } from '../packages/web/src/lib/i18n/es';
import { expectAccessible, lastOutboxId, waitForMessage } from './helpers';
import { englishOn } from './spanish-helpers';

// A farmer's application in a browser test (decision 0111): unique farmers, the two codes and the status link read
// from the outbox, and the steps of /apply/farmer filled as a farmer does, in English or Spanish. The public
// application's spec and the journey from application to first sale share them.

export const RUN = Date.now().toString(36).slice(-6);
let counter = 0;
export const unique = () => `${RUN}${(counter += 1)}`;
/**
 * A mobile number no other run uses: 860, an exchange digit 2-9 (a NANP exchange never starts with 0 or 1, and mobile
 * fields refuse one that does), then six digits of the clock and a counter.
 */
export const mobileNumber = () => {
  const digits = `${Date.now()}${(counter += 1)}`;
  return `860${2 + (Number(digits.slice(-7, -6)) % 8)}${digits.slice(-6)}`;
};

export const PHONE = { width: 390, height: 844 };
export const DRAFT_KEY = 'marketlink.farmerApplication.draft';
export const ROUTING = '011000015';
export const TAX_ID = '123-45-6789';
export const ACCOUNT = '4455667788';

export type Lang = 'en' | 'es';
export const CATALOGUE = { en, es } as const;
export const MESSAGE_ES = MESSAGES_ES.FARMER_APPLICATION_MESSAGES;
/** A description that starts with a field's error (its hint follows). */
export const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** axe, and on a Spanish page no English text either. */
export async function checkState(page: Page, lang: Lang) {
  if (lang === 'es') expect(await englishOn(page), `English on ${page.url()}`).toEqual([]);
  await expectAccessible(page);
}

export async function stepHeading(page: Page, lang: Lang, step: number, title: string) {
  const stepOf = CATALOGUE[lang].common.stepOf.replace('{{step}}', String(step)).replace('{{count}}', '7');
  const heading = page.getByRole('heading', { level: 2, name: `${stepOf}: ${title}` });
  await expect(heading).toBeFocused();
}

/** The code of the e-mail and of the text message a 'Send codes' just sent. */
export async function readCodes(request: APIRequestContext, email: string, mobile: string, afterId: number) {
  const mail = await waitForMessage(request, (m) => m.channel === 'email' && m.to.toLowerCase() === email, afterId);
  const sms = await waitForMessage(
    request,
    (m) => m.channel === 'sms' && m.to.replace(/\D/g, '').endsWith(mobile.slice(-4)),
    afterId,
  );
  const codeOf = (body: string) => {
    const match = /\b(\d{6})\b/.exec(body);
    expect(match, `a 6-digit code in:\n${body}`).not.toBeNull();
    return match![1]!;
  };
  return { emailCode: codeOf(mail.body), mobileCode: codeOf(sms.body) };
}

export interface Farmer {
  farm: string;
  first: string;
  last: string;
  email: string;
  mobile: string;
}

export function newFarmer(): Farmer {
  const id = unique();
  return {
    farm: `Granja ${id}`,
    first: 'Rosa',
    last: `Díaz${id}`,
    email: `farmer-${id}@example.com`,
    mobile: mobileNumber(),
  };
}

/** Step 1: the program named (else the first offered), the farm and its contact. */
export async function fillPrograms(page: Page, lang: Lang, farmer: Farmer, programName?: string) {
  const T = CATALOGUE[lang];
  const programs = page.getByRole('group', { name: new RegExp(T.farmerApply.programs) });
  await (
    programName
      ? programs.getByRole('checkbox', { name: programName, exact: true })
      : programs.getByRole('checkbox').first()
  ).check();
  await page.getByRole('textbox', { name: T.farmerApply.farmName }).fill(farmer.farm);
  await page.getByRole('textbox', { name: T.kit.firstName, exact: true }).fill(farmer.first);
  await page.getByRole('textbox', { name: T.kit.lastName, exact: true }).fill(farmer.last);
}

/** Step 2: e-mail and mobile, the codes sent and read, then confirmed. Answers the codes. */
export async function fillContact(page: Page, request: APIRequestContext, lang: Lang, farmer: Farmer) {
  const T = CATALOGUE[lang];
  await page.getByRole('textbox', { name: T.kit.email }).fill(farmer.email);
  await page.getByRole('textbox', { name: T.kit.mobilePhone }).fill(farmer.mobile);
  const afterId = await lastOutboxId(request);
  await page.getByRole('button', { name: T.farmerApply.sendCodes }).click();
  // Where the codes went, and the focus in the first code's field.
  await expect(page.getByRole('status').filter({ hasText: /\*\*\*/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: T.farmerApply.emailCode })).toBeFocused();
  await expect(page.getByRole('button', { name: T.farmerApply.resendCodes })).toBeDisabled();
  return readCodes(request, farmer.email, farmer.mobile, afterId);
}

export async function enterCodes(page: Page, lang: Lang, codes: { emailCode: string; mobileCode: string }) {
  const T = CATALOGUE[lang];
  await page.getByRole('textbox', { name: T.farmerApply.emailCode }).fill(codes.emailCode);
  await page.getByRole('textbox', { name: T.farmerApply.mobileCode }).fill(codes.mobileCode);
  await page.getByRole('button', { name: T.farmerApply.confirmCodes, exact: true }).click();
}

/** Step 3: the farm's address, one market, the crops. */
export async function fillFarm(page: Page, lang: Lang, zip = '06105') {
  const T = CATALOGUE[lang];
  const farmAddress = page.getByRole('group', { name: T.farmerApply.farmAddress });
  await farmAddress.getByRole('textbox', { name: T.kit.address1 }).fill('12 Orchard Lane');
  await farmAddress.getByRole('textbox', { name: T.kit.city }).fill('Hartford');
  await farmAddress.getByRole('combobox', { name: T.kit.state }).click();
  await page.getByRole('option', { name: 'Connecticut (CT)', exact: true }).click();
  await farmAddress.getByRole('textbox', { name: T.kit.zipcode }).fill(zip);
  const market = page.getByRole('group', { name: T.farmerApply.marketNumber.replace('{{number}}', '1') });
  await market.getByRole('textbox', { name: T.farmerApply.marketName }).fill('Hartford Farmers Market');
  await market.getByRole('textbox', { name: T.farmerApply.marketCity }).fill('Hartford');
  await market.getByRole('textbox', { name: T.farmerApply.marketWhen }).fill('Sat 8-12');
  await page.getByRole('textbox', { name: T.farmerApply.crops }).fill('Tomatoes, kale, honey');
}

/** Step 5: SSN, tax id and the bank account (the account number twice, as `again`). */
export async function fillPayout(page: Page, lang: Lang, farmer: Farmer, again = ACCOUNT) {
  const T = CATALOGUE[lang];
  await page.getByRole('radio', { name: T.farmerApply.tinSsn }).check();
  await page.getByRole('textbox', { name: T.farmerApply.taxId }).fill(TAX_ID);
  await page.getByRole('textbox', { name: T.farmerApply.bankName }).fill('Farm Credit Bank');
  await page.getByRole('textbox', { name: T.farmerApply.routing }).fill(ROUTING);
  await page.getByRole('textbox', { name: T.farmerApply.account, exact: true }).fill(ACCOUNT);
  await page.getByRole('textbox', { name: T.farmerApply.confirmAccount }).fill(again);
  await page.getByRole('textbox', { name: T.farmerApply.holderFirst }).fill(farmer.first);
  await page.getByRole('textbox', { name: T.farmerApply.holderLast }).fill(farmer.last);
}

export async function fillAgreement(page: Page, lang: Lang, farmer: Farmer) {
  const T = CATALOGUE[lang];
  await page.getByRole('checkbox', { name: T.farmerApply.accept }).check();
  await page.getByRole('textbox', { name: T.farmerApply.signature }).fill(`${farmer.first} ${farmer.last}`);
}

/** The status link of the e-mail that says the application was received. */
export async function statusLinkFor(request: APIRequestContext, email: string, afterId: number): Promise<string> {
  const mail = await waitForMessage(
    request,
    (m) => m.channel === 'email' && m.to.toLowerCase() === email && m.body.includes('/apply/farmer/status?hash='),
    afterId,
  );
  const match = /\/apply\/farmer\/status\?hash=[A-Za-z0-9_-]{43}/.exec(mail.body);
  expect(match, mail.body).not.toBeNull();
  return match![0];
}
