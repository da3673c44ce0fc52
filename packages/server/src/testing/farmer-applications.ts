import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FarmerApplicationBody } from '@ebt/core/farmer-applications';
import type { Config } from '../config.js';
import type { DbOrTx } from '../db/client.js';
import {
  farmerApplicationEvents,
  farmerApplicationPrograms,
  farmerApplications,
  farmerApplicationSettings,
  outbox,
  type StoredFarmerQuestion,
} from '../db/schema/index.js';
import { seal, sha256 } from '../platform/crypto.js';
import type { TestApp } from './app.js';

// Fixtures of the farmer application tests (docs/decisions/0111): a program's settings, a valid form, a contact
// confirmed through the real endpoints (the codes read from the outbox as the farmer reads them), and an application
// written straight into the table for the staff tests.

export const TAX_ID = '912345678';
export const ACCOUNT = '44556677889';
export const ROUTING = '011000015';

export const QUESTIONS: StoredFarmerQuestion[] = [
  {
    key: 'grow',
    kind: 'yes-no',
    label: 'Do you grow what you sell?',
    labelEs: '¿Cultiva lo que vende?',
    required: true,
    effectiveFrom: '2026-01-01',
    effectiveTo: null,
  },
  {
    key: 'certs',
    kind: 'text',
    label: 'Certifications',
    labelEs: 'Certificaciones',
    required: false,
    effectiveFrom: '2026-01-01',
    effectiveTo: null,
  },
];

/** Opens a program to applications, with the two questions above unless told otherwise. */
export async function openProgram(
  db: DbOrTx,
  program: { id: number },
  overrides: Partial<typeof farmerApplicationSettings.$inferInsert> = {},
) {
  await db
    .insert(farmerApplicationSettings)
    .values({
      programId: program.id,
      open: true,
      agreementText: 'I agree to sell only eligible foods.',
      agreementTextEs: 'Acepto vender solo alimentos elegibles.',
      questions: QUESTIONS,
      ...overrides,
    })
    .onConflictDoUpdate({
      target: farmerApplicationSettings.programId,
      set: { open: true, questions: QUESTIONS, ...overrides },
    });
}

let sequence = 0;

/** A form every rule accepts for the programs given (their questions being QUESTIONS), without its confirmation. */
export function validForm(programIds: number[], overrides: Partial<FarmerApplicationBody> = {}) {
  const n = ++sequence;
  return {
    email: `rosa.field${n}-${Date.now().toString(36)}@example.com`,
    mobilePhone: '(860) 555-0142',
    programIds,
    farmName: `Field Farm ${n}`,
    contactFirstName: 'Rosa',
    contactLastName: 'Field',
    businessPhone: '',
    farmAddress: {
      addressOne: `${n} Orchard Road`,
      addressTwo: '',
      city: 'Glastonbury',
      stateCode: 'CT',
      zipcode: '06033',
    },
    mailingAddress: null,
    markets: [{ name: 'Hartford Farmers Market', city: 'Hartford', when: 'Saturdays 8-12' }],
    crops: 'Apples, pears, cider',
    answers: programIds.flatMap((programId) => [
      { programId, key: 'grow', value: 'yes' },
      { programId, key: 'certs', value: '' },
    ]),
    tinTypeId: 2,
    agreed: true,
    signature: 'Rosa Field',
    language: 'en',
    taxId: TAX_ID,
    bankAccount: {
      bankName: 'Harvest Credit Union',
      bankRoutingNumber: ROUTING,
      bankAccountNumber: ACCOUNT,
      confirmAccountNumber: ACCOUNT,
      bankAccountType: 0,
      firstName: 'Rosa',
      middleName: '',
      lastName: 'Field',
    },
    ...overrides,
  } as const satisfies Omit<FarmerApplicationBody, 'confirmationId'> & Record<string, unknown>;
}

/** The newest message of a channel to an address. */
export async function lastMessage(db: DbOrTx, to: string, channel: 'email' | 'sms' = 'email') {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.channel, channel)))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no ${channel} was sent to ${to}`);
  return row;
}

export const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;
export const statusTokenIn = (body: string) => /\/apply\/farmer\/status\?hash=([A-Za-z0-9_-]{43})/.exec(body)![1]!;
export const digits = (phone: string) => phone.replace(/\D/g, '');

/** Asks for codes and types both in, as the farmer would: answers the confirmation's id. */
export async function confirmedContact(
  t: TestApp,
  contact: { email: string; mobilePhone: string; language?: string },
  remoteAddress = '127.0.0.1',
) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/merchant-api/farmer-application/confirmations',
    payload: contact,
    remoteAddress,
  });
  if (sent.statusCode !== 201) throw new Error(`codes: ${sent.statusCode} ${sent.body}`);
  const { confirmationId } = sent.json() as { confirmationId: string };
  const emailCode = codeIn((await lastMessage(t.database.db, contact.email)).body);
  const mobileCode = codeIn((await lastMessage(t.database.db, digits(contact.mobilePhone), 'sms')).body);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/merchant-api/farmer-application/confirmations/${confirmationId}`,
    payload: { emailCode, mobileCode },
    remoteAddress,
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  return confirmationId;
}

/** Confirms the form's contact and submits it through the API: answers the application and its status token. */
export async function submitThroughApi(t: TestApp, form: ReturnType<typeof validForm>, remoteAddress = '127.0.0.1') {
  const confirmationId = await confirmedContact(t, form, remoteAddress);
  const res = await t.app.inject({
    method: 'POST',
    url: '/merchant-api/farmer-application',
    payload: { ...form, confirmationId },
    remoteAddress,
  });
  if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  const answer = res.json() as { applicationUuid: string; applicationNumber: string };
  const token = statusTokenIn((await lastMessage(t.database.db, form.email)).body);
  return { ...answer, token, confirmationId };
}

export interface MakeApplicationOptions extends Partial<typeof farmerApplications.$inferInsert> {
  programs: { id: number }[];
  taxId?: string;
  account?: string;
  routing?: string;
}

/** An application written straight into the table (sealed as the app seals), with its status token. */
export async function makeFarmerApplication(db: DbOrTx, config: Config, options: MakeApplicationOptions) {
  const { programs, taxId = TAX_ID, account = ACCOUNT, routing = ROUTING, ...overrides } = options;
  const n = ++sequence;
  const token = randomBytes(32).toString('base64url');
  const tax = seal(taxId, config);
  const acc = seal(account, config);
  const rou = seal(routing, config);
  const now = new Date('2026-11-20T15:00:00Z');
  const [row] = await db
    .insert(farmerApplications)
    .values({
      farmName: `Stored Farm ${n}`,
      contactFirstName: 'Ana',
      contactLastName: `Grower${n}`,
      email: `ana.grower${n}-${Date.now().toString(36)}@example.com`,
      mobilePhone: '8605550177',
      address1: `${n} Barn Lane`,
      city: 'Tolland',
      stateCode: 'CT',
      zipcode: '06084',
      markets: [{ name: 'Tolland Green Market', city: 'Tolland', when: null }],
      crops: 'Honey',
      answers: [],
      tinTypeId: 2,
      taxIdEncrypted: tax.encrypted,
      taxIdLast4: tax.last4,
      accountNumberEncrypted: acc.encrypted,
      accountNumberLast4: acc.last4,
      routingNumberEncrypted: rou.encrypted,
      routingNumberLast4: rou.last4,
      accountTypeId: 0,
      bankFirstName: 'Ana',
      bankLastName: `Grower${n}`,
      signature: `Ana Grower${n}`,
      signedAt: now,
      statusTokenHash: sha256(token),
      statusTokenEncrypted: seal(token, config).encrypted,
      submittedAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  const application = row!;
  if (programs.length > 0)
    await db
      .insert(farmerApplicationPrograms)
      .values(programs.map((p) => ({ applicationId: application.id, programId: p.id })));
  await db
    .insert(farmerApplicationEvents)
    .values({ applicationId: application.id, action: 'submitted', at: application.submittedAt });
  return { application, token };
}
