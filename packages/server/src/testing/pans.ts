import { ROLE } from '@ebt/core/enums';
import type { TestApp } from './app.js';
import { makeRecipient } from './factories.js';
import { buildWorld } from './world.js';

// The world of the PAN tests: program A (agencies a1 and a2, room for 50 printed PANs) and program B (agency b1);
// one signed-in user per role and scope, and a recipient user with an account in a1.

export async function makePanWorld(t: TestApp) {
  const w = await buildWorld(t, {
    programs: { programA: { maxPrintedPans: 50 }, programB: { maxPrintedPans: 50 } },
    agencies: { a1: { program: 'programA' }, a2: { program: 'programA' }, b1: { program: 'programB' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programAdminAB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA', 'programB'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      recipientUser: { roleId: ROLE.RECIPIENT },
      otherRecipientUser: { roleId: ROLE.RECIPIENT },
    },
  });
  const db = t.database.db;
  const own = await makeRecipient(db, {
    program: w.programs.programA,
    agency: w.agencies.a1,
    user: w.users.recipientUser,
    maxPrintedPans: 10,
  });
  const other = await makeRecipient(db, {
    program: w.programs.programA,
    agency: w.agencies.a1,
    user: w.users.otherRecipientUser,
    maxPrintedPans: 10,
  });
  // The recipients' sessions see their accounts only once the accounts exist: sign in again.
  const tokens = {
    ...w.tokens,
    recipientUser: await t.signIn(w.users.recipientUser.username),
    otherRecipientUser: await t.signIn(w.users.otherRecipientUser.username),
  };
  return { ...w, tokens, accounts: { own, other } };
}
export type PanWorld = Awaited<ReturnType<typeof makePanWorld>>;

/** A fresh recipient of program A in agency a1 (or another agency/program). */
export function newRecipient(
  t: TestApp,
  w: PanWorld,
  place: 'a1' | 'a2' | 'b1' = 'a1',
  extra: { accountTypeId?: number; maxPrintedPans?: number } = {},
) {
  const program = place === 'b1' ? w.programs.programB : w.programs.programA;
  return makeRecipient(t.database.db, { program, agency: w.agencies[place], ...extra });
}

/** Generates one PAN for the account through the API and answers its id. */
export async function generateFor(t: TestApp, token: string, programId: number, accountUuid: string) {
  const res = await t.injectAs(token, {
    method: 'POST',
    url: '/account-api/pans',
    payload: { programId, accountUuid },
  });
  if (res.statusCode !== 200) throw new Error(`generate failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { panId: number }).panId;
}

/** The printed-PAN account of a program (setup), made on first read. */
export async function setupOf(t: TestApp, token: string, programId: number) {
  const res = await t.injectAs(token, { method: 'GET', url: `/account-api/account/pangen/${programId}` });
  if (res.statusCode !== 200) throw new Error(`setup failed: ${res.statusCode} ${res.body}`);
  return res.json() as { accountUuid: string; accountTypeId: number; maxPrintedPans: number };
}

/** Generates `count` printed PANs and fetches their PDF, which ends the generation's in-process state. */
export async function bulkGenerate(t: TestApp, token: string, programId: number, count: number, fetchPdf = true) {
  const { accountUuid } = await setupOf(t, token, programId);
  const res = await t.injectAs(token, {
    method: 'POST',
    url: '/account-api/pans/gen/printed',
    payload: { programId, accountUuid, count },
  });
  if (res.statusCode !== 200) throw new Error(`bulk generation failed: ${res.statusCode} ${res.body}`);
  const answer = res.json() as { panGenId: number; panId: number; count: number };
  if (fetchPdf) {
    const pdf = await t.injectAs(token, { method: 'GET', url: `/benefit-api/pans/qrcode/pdfs/${answer.panGenId}` });
    if (pdf.statusCode !== 200) throw new Error(`generation PDF failed: ${pdf.statusCode}`);
  }
  return answer;
}
