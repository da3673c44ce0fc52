import { ROLE } from '@ebt/core/enums';
import { luhnValid } from '@ebt/core/validation';
import type { TestApp } from './app.js';
import { makeRecipient } from './factories.js';
import { buildWorld } from './world.js';

// Fixtures of the external card tests: card numbers and a world of two programs, their staff and two recipients.

let sequence = 0;

/**
 * A Luhn-valid card number of `length` digits, unique in the run: the prefix, a counter, the check digit. The counter
 * sits after six fixed digits, so names like 'card6000' hold a run of the first 13 digits of every number.
 */
export function cardNumber(length = 16, prefix = '600054'): string {
  const body = `${prefix}${String(++sequence).padStart(length - prefix.length - 1, '0')}`;
  for (let d = 0; d <= 9; d += 1) if (luhnValid(body + d)) return body + d;
  throw new Error('unreachable');
}

/** The same number with a wrong check digit. */
export function failingLuhn(pan: string): string {
  return pan.slice(0, -1) + ((Number(pan.at(-1)) + 1) % 10);
}

/**
 * Program A (agencies A1 and A2) and program B (agency B1); a signed-in user of each staff scope; `recipient` has
 * accounts in A1 and B1 (one person, two programs), `otherRecipient` an account in A2.
 */
export async function makeCardWorld(t: TestApp) {
  const { db } = t.database;
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' }, a2: { program: 'programA' }, b1: { program: 'programB' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programAdminB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programB'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      agencyUserA2: { roleId: ROLE.AGENCY_USER, agencies: ['a2'] },
      recipient: { roleId: ROLE.RECIPIENT },
      otherRecipient: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB } = world.programs;
  const { a1, a2, b1 } = world.agencies;
  const accounts = {
    a1: await makeRecipient(db, { program: programA, agency: a1, user: world.users.recipient }),
    b1: await makeRecipient(db, { program: programB, agency: b1, user: world.users.recipient }),
    a2: await makeRecipient(db, { program: programA, agency: a2, user: world.users.otherRecipient }),
  };
  return { ...world, accounts };
}
export type CardWorld = Awaited<ReturnType<typeof makeCardWorld>>;

export interface CardBody {
  pan?: unknown;
  name?: unknown;
  programUuid?: unknown;
  externalPanTypeId?: unknown;
  externalPanStatusId?: unknown;
}

/** POST /account-api/external-pan as `token`. */
export function attach(t: TestApp, token: string, payload: CardBody) {
  return t.injectAs(token, { method: 'POST', url: '/account-api/external-pan', payload: payload as object });
}

/** Attaches a card and answers its externalPanId; fails the test when the API refuses it. */
export async function attached(t: TestApp, token: string, payload: CardBody): Promise<string> {
  const res = await attach(t, token, payload);
  if (res.statusCode !== 201) throw new Error(`attach failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { externalPanId: string }).externalPanId;
}
