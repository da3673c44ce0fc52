import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_MESSAGES } from '@ebt/core/benefits';
import { MESSAGES } from '@ebt/core/messages';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import {
  auditLog,
  benefits,
  fundingSources,
  notificationPreferences,
  notifications,
  outbox,
} from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeProgram, makeRecipient } from '../../testing/factories.js';
import {
  benefitRow,
  type BenefitWorld,
  issuanceTotals,
  makeBenefitWorld,
  makeFundingSource,
  makeIncentive,
  setProgram,
} from '../../testing/benefits.js';

// POST /benefit-api/benefit and the issue form's look-ups: every rule of part 1 §5 "Issue", enforced by the server.
// The test clock is 2026-11-23T15:00Z, so "today" in the programs' zone (America/New_York) is 2026-11-23.

const t = useTestApp();
let w: BenefitWorld;
beforeAll(async () => {
  w = await makeBenefitWorld(t);
});

let sequence = 0;
const issueBody = (overrides: Record<string, unknown> = {}) => ({
  benefitRecipientAccountIdentifier: w.accounts.a1.recipientIdentifier,
  benefitAuthorizationNumber: `AUTH${Date.now().toString(36).toUpperCase()}${++sequence}`,
  benefitAvailableDate: '2026-11-23',
  benefitExpirationDate: '2027-02-28',
  benefitAmount: 25,
  programUuid: w.programA.uuid,
  fundingId: w.fundA.id,
  benefitTypeId: 1,
  incentiveUuid: '',
  creationChannel: 'WEB',
  agencyUuid: '',
  note: '',
  benefitOptionId: '',
  ...overrides,
});

const issue = (token: string, body: Record<string, unknown>) =>
  t.injectAs(token, { method: 'POST', url: '/benefit-api/benefit', payload: body });
const messagesOf = (res: { json(): unknown }) =>
  (res.json() as { errorMessages: { appErrorMessage: string; field?: string; appErrorCode: string }[] }).errorMessages;
const benefitCount = async () => (await t.database.db.select({ n: count() }).from(benefits))[0]!.n;

describe('GET /benefit-api/funding-sources/{programUuid}', () => {
  it("answers the program's sources by name", async () => {
    const res = await t.injectAs(w.tokens.programAdminA, {
      method: 'GET',
      url: `/benefit-api/funding-sources/${w.programA.uuid}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { fundingId: w.fundA2.id, name: 'Federal Funds' },
      { fundingId: w.fundA.id, name: 'State Funds' },
    ]);
    const agency = await t.injectAs(w.tokens.agencyUserA1, {
      method: 'GET',
      url: `/benefit-api/funding-sources/${w.programA.uuid}`,
    });
    expect(agency.statusCode).toBe(200);
  });

  it("answers 404 'No funding sources defined for the program.' for a program without any", async () => {
    const empty = await makeProgram(t.database.db);
    const res = await t.injectAs(w.tokens.platformAdmin, {
      method: 'GET',
      url: `/benefit-api/funding-sources/${empty.uuid}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.NO_FUNDING_SOURCES);
  });

  it("answers 404 for another admin's program, 403 for a recipient and 401 without a session", async () => {
    const other = await t.injectAs(w.tokens.programAdminA, {
      method: 'GET',
      url: `/benefit-api/funding-sources/${w.programB.uuid}`,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(BENEFIT_MESSAGES.PROGRAM_NOT_FOUND);
    expect(
      (await t.injectAs(w.tokens.recipient, { method: 'GET', url: `/benefit-api/funding-sources/${w.programA.uuid}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.injectAs(null, { method: 'GET', url: `/benefit-api/funding-sources/${w.programA.uuid}` })).statusCode,
    ).toBe(401);
  });
});

describe('GET /account-api/account/programs for the issue form', () => {
  it("carries each program's time zone, the zone the form's today is taken in (resolution 26)", async () => {
    const island = await makeProgram(t.database.db, { timeZone: 'Pacific/Honolulu' });
    const res = await t.injectAs(w.tokens.platformAdmin, { method: 'GET', url: '/account-api/account/programs' });
    expect(res.statusCode).toBe(200);
    const zones = new Map(
      (res.json() as { programUuid: string; timeZone: string }[]).map((p) => [p.programUuid, p.timeZone]),
    );
    expect(zones.get(island.uuid)).toBe('Pacific/Honolulu');
    expect(zones.get(w.programA.uuid)).toBe('America/New_York');
  });
});

describe('GET /benefit-api/benefit-option-type/{id}', () => {
  it('answers the type and its options in order', async () => {
    const res = await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: '/benefit-api/benefit-option-type/1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.benefitOptionType).toMatchObject({ optionTypeId: 1, name: 'Distribution Method' });
    expect(body.options.map((o: { optionId: number }) => o.optionId)).toEqual([1, 2, 3, 4]);
  });

  it('answers 404 for an unknown type and 400 for a non-number', async () => {
    expect(
      (await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: '/benefit-api/benefit-option-type/999' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: '/benefit-api/benefit-option-type/abc' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('POST /benefit-api/benefit: a valid issue', () => {
  it('writes the benefit, counts it against its funding source and agency, notifies the recipient and audits', async () => {
    const { db } = t.database;
    await db.insert(notificationPreferences).values([
      { accountId: w.accounts.a1.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 1 },
      { accountId: w.accounts.a1.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 2 },
    ]);
    const totalsBefore = await issuanceTotals(db, w.programA.id);
    const body = issueBody({ benefitAmount: '25.50', note: '' });
    const res = await issue(w.tokens.programAdminA, body);
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({
      benefitAuthorizationNumber: body.benefitAuthorizationNumber,
      benefitAmount: 25.5,
      benefitBalance: 25.5,
      benefitStatus: 'ISSUED',
      benefitStatusId: 0,
      benefitAvailableDate: '2026-11-23',
      benefitExpirationDate: '2027-02-28',
      recipientIdentifier: w.accounts.a1.recipientIdentifier,
      agencyUuid: w.a1.uuid, // the recipient's agency when none was chosen
      fundingId: w.fundA.id,
      fundingName: 'State Funds',
      notifiedRecipient: true,
      creationChannel: 'WEB',
      expiryMarker: null,
    });

    const row = (await benefitRow(db, answer.benefitUuid))!;
    expect(row).toMatchObject({
      amount: '25.50',
      balance: '25.50',
      statusId: 0,
      agencyId: w.a1.id,
      accountId: w.accounts.a1.id,
      notifiedRecipient: true,
    });

    const key = `${w.fundA.id}:${w.a1.id}`;
    const [cents, n] = totalsBefore[key] ?? [0, 0];
    expect((await issuanceTotals(db, w.programA.id))[key]).toEqual([cents + 2550, n + 1]);

    const notes = await db.select().from(notifications).where(eq(notifications.accountId, w.accounts.a1.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, statusId: 0 });
    expect(notes[0]!.text).toContain('$25.50');
    expect(notes[0]!.text).toContain(body.benefitAuthorizationNumber);

    // The e-mail and SMS carry the inbox text framed: greeting, facts, link (docs/notices.md).
    const mail = (await db.select().from(outbox).where(eq(outbox.kind, 'benefit-issued'))).filter((m) =>
      m.body.includes(notes[0]!.text),
    );
    expect(mail.map((m) => [m.channel, m.to]).sort()).toEqual([
      ['email', w.accounts.a1.email],
      ['sms', w.accounts.a1.mobilePhone],
    ]);

    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'benefit'), eq(auditLog.entityId, answer.benefitUuid)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'issue', actorUserId: w.users.programAdminA.id });
  });

  it('accepts dates sent as date-times at midday (part 1 §9) and amounts as numbers', async () => {
    const res = await issue(
      w.tokens.programAdminA,
      issueBody({
        benefitAvailableDate: '2026-11-24T12:00:00.000Z',
        benefitExpirationDate: '2026-12-24T12:00:00',
        benefitAmount: 10,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      benefitAvailableDate: '2026-11-24',
      benefitExpirationDate: '2026-12-24',
      benefitAmount: 10,
    });
  });

  it('lets an agency user issue to a recipient of their agency, with their agency', async () => {
    const res = await issue(w.tokens.agencyUserA1, issueBody({ agencyUuid: w.a1.uuid }));
    expect(res.statusCode).toBe(201);
    expect(res.json().agencyUuid).toBe(w.a1.uuid);
  });
});

describe('POST /benefit-api/benefit: field rules (part 1 §5)', () => {
  it('requires every required field, each named', async () => {
    const before = await benefitCount();
    const res = await issue(w.tokens.programAdminA, {});
    expect(res.statusCode).toBe(400);
    const fields = messagesOf(res).map((e) => e.field);
    for (const field of [
      'benefitRecipientAccountIdentifier',
      'benefitAuthorizationNumber',
      'benefitAvailableDate',
      'benefitExpirationDate',
      'benefitAmount',
      'programUuid',
      'fundingId',
      'benefitTypeId',
    ]) {
      expect(fields).toContain(field);
    }
    expect(await benefitCount()).toBe(before);
  });

  it('refuses an authorization number with a space or over 20 characters, an Account ID over 25, a note over 100', async () => {
    for (const [override, field] of [
      [{ benefitAuthorizationNumber: 'AB 12' }, 'benefitAuthorizationNumber'],
      [{ benefitAuthorizationNumber: 'A'.repeat(21) }, 'benefitAuthorizationNumber'],
      [{ benefitRecipientAccountIdentifier: '1'.repeat(26) }, 'benefitRecipientAccountIdentifier'],
      [{ note: 'n'.repeat(101) }, 'note'],
    ] as const) {
      const res = await issue(w.tokens.programAdminA, issueBody(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(messagesOf(res).map((e) => e.field)).toContain(field);
    }
    const spaced = await issue(w.tokens.programAdminA, issueBody({ benefitAuthorizationNumber: 'AB 12' }));
    expect(messagesOf(spaced)[0]!.appErrorMessage).toBe(MESSAGES.INVALID_AUTHORIZATION_NUMBER);
  });

  it('refuses amounts below 0.00, above 9999.99 or with more than two decimals, and accepts 9999.99', async () => {
    for (const benefitAmount of [-1, 10000, '12.345', 'abc']) {
      const res = await issue(w.tokens.programAdminA, issueBody({ benefitAmount }));
      expect(res.statusCode, String(benefitAmount)).toBe(400);
      expect(messagesOf(res)[0]!.field).toBe('benefitAmount');
    }
    expect((await issue(w.tokens.programAdminA, issueBody({ benefitAmount: 9999.99 }))).statusCode).toBe(201);
    expect((await issue(w.tokens.programAdminA, issueBody({ benefitAmount: 0 }))).statusCode).toBe(201);
  });

  it('refuses an unknown benefit type', async () => {
    const res = await issue(w.tokens.programAdminA, issueBody({ benefitTypeId: 3 }));
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)[0]!.field).toBe('benefitTypeId');
  });
});

describe('POST /benefit-api/benefit: date rules', () => {
  it('refuses an available or expiration date before today', async () => {
    const before = await benefitCount();
    const res = await issue(
      w.tokens.programAdminA,
      issueBody({ benefitAvailableDate: '2026-11-22', benefitExpirationDate: '2026-11-22' }),
    );
    expect(res.statusCode).toBe(400);
    const problems = messagesOf(res);
    expect(problems.map((e) => e.field)).toEqual(
      expect.arrayContaining(['benefitAvailableDate', 'benefitExpirationDate']),
    );
    expect(problems[0]!.appErrorMessage).toBe('Date cannot be before today (2026-11-23).');
    expect(await benefitCount()).toBe(before);
  });

  it('refuses an expiration before the available date', async () => {
    const res = await issue(
      w.tokens.programAdminA,
      issueBody({ benefitAvailableDate: '2026-12-10', benefitExpirationDate: '2026-12-09' }),
    );
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)[0]).toMatchObject({
      field: 'benefitExpirationDate',
      appErrorMessage: BENEFIT_MESSAGES.EXPIRATION_BEFORE_AVAILABLE,
    });
  });

  it('caps the available date at today plus 366 days without a last issuance date', async () => {
    const ok = await issue(
      w.tokens.programAdminA,
      issueBody({ benefitAvailableDate: '2027-11-24', benefitExpirationDate: '2027-12-31' }),
    );
    expect(ok.statusCode).toBe(201);
    const late = await issue(
      w.tokens.programAdminA,
      issueBody({ benefitAvailableDate: '2027-11-25', benefitExpirationDate: '2027-12-31' }),
    );
    expect(late.statusCode).toBe(400);
    expect(messagesOf(late)[0]!.appErrorMessage).toBe('Date cannot be after 2027-11-24.');
  });

  it("caps it at the program's last issuance date with 'The Last Issuance Date is {date}.'", async () => {
    const program = await makeProgram(t.database.db, { lastIssuanceDate: '2026-12-15' });
    const fund = await makeFundingSource(t.database.db, program);
    const account = await makeRecipient(t.database.db, { program });
    const body = issueBody({
      programUuid: program.uuid,
      fundingId: fund.id,
      benefitRecipientAccountIdentifier: account.recipientIdentifier,
    });
    expect((await issue(w.tokens.platformAdmin, { ...body, benefitAvailableDate: '2026-12-15' })).statusCode).toBe(201);
    const late = await issue(w.tokens.platformAdmin, {
      ...body,
      benefitAuthorizationNumber: 'LATE1',
      benefitAvailableDate: '2026-12-16',
    });
    expect(late.statusCode).toBe(400);
    expect(messagesOf(late)[0]).toMatchObject({
      field: 'benefitAvailableDate',
      appErrorCode: 'LAST_ISSUANCE_DATE',
      appErrorMessage: 'The Last Issuance Date is 2026-12-15.',
    });
  });

  it('fixes the expiration date at available + days - 1 when the program has an expiration period', async () => {
    await setProgram(t.database.db, w.programA, { benefitExpirationDays: 30 });
    try {
      const wrong = await issue(
        w.tokens.programAdminA,
        issueBody({ benefitAvailableDate: '2026-12-01', benefitExpirationDate: '2026-12-31' }),
      );
      expect(wrong.statusCode).toBe(400);
      expect(messagesOf(wrong)[0]).toMatchObject({
        field: 'benefitExpirationDate',
        appErrorMessage: 'Expiration date must be 2026-12-30: the available date plus 30 days minus one.',
      });
      const right = await issue(
        w.tokens.programAdminA,
        issueBody({ benefitAvailableDate: '2026-12-01', benefitExpirationDate: '2026-12-30' }),
      );
      expect(right.statusCode).toBe(201);
    } finally {
      await setProgram(t.database.db, w.programA, { benefitExpirationDays: null });
    }
  });
});

describe('POST /benefit-api/benefit: program defaults, incentives, options, notes', () => {
  it('holds a Regular benefit to the program default amount, not an Incentive one', async () => {
    await setProgram(t.database.db, w.programA, { benefitAmount: '50.00' });
    try {
      const wrong = await issue(w.tokens.programAdminA, issueBody({ benefitAmount: 25 }));
      expect(wrong.statusCode).toBe(400);
      expect(messagesOf(wrong)[0]).toMatchObject({
        field: 'benefitAmount',
        appErrorMessage: 'Amount must be the program default of $50.00.',
      });
      expect((await issue(w.tokens.programAdminA, issueBody({ benefitAmount: 50 }))).statusCode).toBe(201);
      const incentive = await issue(
        w.tokens.programAdminA,
        issueBody({
          benefitTypeId: 2,
          incentiveUuid: w.incentiveA.uuid,
          benefitAuthorizationNumber: 'AUTO-GENERATED',
          benefitAmount: 7.5,
        }),
      );
      expect(incentive.statusCode).toBe(201);
    } finally {
      await setProgram(t.database.db, w.programA, { benefitAmount: null });
    }
  });

  it('reads a program default of 0.00 as no default: a Regular benefit takes any amount (decision 0010)', async () => {
    await setProgram(t.database.db, w.programA, { benefitAmount: '0.00' });
    try {
      const res = await issue(w.tokens.programAdminA, issueBody({ benefitAmount: 25 }));
      expect(res.statusCode).toBe(201);
      expect(res.json().benefitAmount).toBe(25);
    } finally {
      await setProgram(t.database.db, w.programA, { benefitAmount: null });
    }
  });

  it('requires an incentive for an Incentive benefit and refuses one on a Regular benefit', async () => {
    const missing = await issue(
      w.tokens.programAdminA,
      issueBody({ benefitTypeId: 2, benefitAuthorizationNumber: 'AUTO-GENERATED' }),
    );
    expect(missing.statusCode).toBe(400);
    // Schema problems name their field before the text (platform/errors.ts).
    expect(messagesOf(missing)[0]).toMatchObject({
      field: 'incentiveUuid',
      appErrorMessage: MESSAGES.INCENTIVE_REQUIRED,
    });
    const regular = await issue(w.tokens.programAdminA, issueBody({ incentiveUuid: w.incentiveA.uuid }));
    expect(regular.statusCode).toBe(400);
    expect(messagesOf(regular)[0]!.appErrorMessage).toBe(BENEFIT_MESSAGES.INCENTIVE_NOT_FOR_REGULAR);
  });

  it('generates a unique authorization number for AUTO-GENERATED and refuses that text on a Regular benefit', async () => {
    const body = issueBody({
      benefitTypeId: 2,
      incentiveUuid: w.incentiveA.uuid,
      benefitAuthorizationNumber: 'AUTO-GENERATED',
    });
    const first = await issue(w.tokens.programAdminA, body);
    const second = await issue(w.tokens.programAdminA, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    const numbers = [first.json().benefitAuthorizationNumber, second.json().benefitAuthorizationNumber];
    for (const n of numbers) expect(n).toMatch(/^I20261123[0-9A-Z]{11}$/);
    expect(numbers[0]).not.toBe(numbers[1]);
    expect(first.json()).toMatchObject({ benefitTypeId: 2, incentiveUuid: w.incentiveA.uuid });
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, w.accounts.a1.id),
          eq(notifications.eventId, NOTIFICATION_EVENT.INCENTIVE_EARNED),
        ),
      );
    expect(note!.text).toContain('incentive');

    const regular = await issue(w.tokens.programAdminA, issueBody({ benefitAuthorizationNumber: 'AUTO-GENERATED' }));
    expect(regular.statusCode).toBe(400);
    expect(messagesOf(regular)[0]!.appErrorMessage).toBe(BENEFIT_MESSAGES.AUTH_NUMBER_RESERVED);
  });

  it('refuses an incentive of another program', async () => {
    const other = await makeIncentive(t.database.db, w.programB, w.fundB);
    const res = await issue(
      w.tokens.programAdminA,
      issueBody({ benefitTypeId: 2, incentiveUuid: other.uuid, benefitAuthorizationNumber: 'AUTO-GENERATED' }),
    );
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)[0]!.appErrorMessage).toBe(BENEFIT_MESSAGES.INCENTIVE_NOT_IN_PROGRAM);
  });

  it("requires one of the program's options when the program has an option type", async () => {
    await setProgram(t.database.db, w.programA, { benefitOptionTypeId: 1 });
    try {
      const missing = await issue(w.tokens.programAdminA, issueBody());
      expect(missing.statusCode).toBe(400);
      expect(messagesOf(missing)[0]).toMatchObject({
        field: 'benefitOptionId',
        appErrorMessage: MESSAGES.BENEFIT_OPTION_REQUIRED,
      });
      const otherType = await issue(w.tokens.programAdminA, issueBody({ benefitOptionId: 11 }));
      expect(otherType.statusCode).toBe(400);
      expect(messagesOf(otherType)[0]!.appErrorMessage).toBe(BENEFIT_MESSAGES.OPTION_NOT_OF_TYPE);
      const ok = await issue(w.tokens.programAdminA, issueBody({ benefitOptionId: '2' }));
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ benefitOptionId: 2, benefitOptionTypeId: 1 });
    } finally {
      await setProgram(t.database.db, w.programA, { benefitOptionTypeId: null });
    }
    const notAllowed = await issue(w.tokens.programAdminA, issueBody({ benefitOptionId: 2 }));
    expect(notAllowed.statusCode).toBe(400);
    expect(messagesOf(notAllowed)[0]!.appErrorMessage).toBe(BENEFIT_MESSAGES.OPTION_NOT_ALLOWED);
  });

  it('takes a note only where the program enables notes', async () => {
    const refused = await issue(w.tokens.programAdminA, issueBody({ note: 'Picked up in person' }));
    expect(refused.statusCode).toBe(400);
    expect(messagesOf(refused)[0]!.appErrorMessage).toBe(BENEFIT_MESSAGES.NOTE_NOT_ENABLED);
    await setProgram(t.database.db, w.programA, { enableBenefitNote: true });
    try {
      const ok = await issue(w.tokens.programAdminA, issueBody({ note: 'Picked up in person' }));
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ note: 'Picked up in person', enableBenefitNote: true });
    } finally {
      await setProgram(t.database.db, w.programA, { enableBenefitNote: false });
    }
  });

  it('refuses a funding source of another program', async () => {
    const res = await issue(w.tokens.programAdminA, issueBody({ fundingId: w.fundB.id }));
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)[0]).toMatchObject({
      field: 'fundingId',
      appErrorMessage: BENEFIT_MESSAGES.FUNDING_NOT_IN_PROGRAM,
    });
  });

  it('refuses a disabled program', async () => {
    await setProgram(t.database.db, w.programA, { statusId: 1 });
    try {
      const res = await issue(w.tokens.programAdminA, issueBody());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(BENEFIT_MESSAGES.PROGRAM_NOT_ENABLED);
    } finally {
      await setProgram(t.database.db, w.programA, { statusId: 0 });
    }
  });

  it('refuses a benefitProgramIdentifier that names another program, and takes the short name of its own', async () => {
    const wrong = await issue(w.tokens.programAdminA, issueBody({ benefitProgramIdentifier: w.programB.shortName }));
    expect(wrong.statusCode).toBe(400);
    expect(messagesOf(wrong)[0]!.field).toBe('benefitProgramIdentifier');
    expect(
      (await issue(w.tokens.programAdminA, issueBody({ benefitProgramIdentifier: w.programA.shortName }))).statusCode,
    ).toBe(201);
  });
});

describe('POST /benefit-api/benefit: recipient, agency and scope', () => {
  it('finds the recipient by Account ID within the program only', async () => {
    const res = await issue(
      w.tokens.platformAdmin,
      issueBody({ benefitRecipientAccountIdentifier: w.accounts.b1.recipientIdentifier }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(BENEFIT_MESSAGES.RECIPIENT_NOT_FOUND);
  });

  it('refuses an inactive recipient account', async () => {
    const res = await issue(
      w.tokens.programAdminA,
      issueBody({ benefitRecipientAccountIdentifier: w.accounts.inactive.recipientIdentifier }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BENEFIT_MESSAGES.RECIPIENT_NOT_ACTIVE);
  });

  it('requires agency staff to choose an agency, one of their own', async () => {
    const none = await issue(w.tokens.agencyUserA1, issueBody());
    expect(none.statusCode).toBe(400);
    expect(messagesOf(none)[0]).toMatchObject({ field: 'agencyUuid', appErrorMessage: MESSAGES.AGENCY_REQUIRED });
    const foreign = await issue(w.tokens.agencyUserA1, issueBody({ agencyUuid: w.a2.uuid }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(BENEFIT_MESSAGES.AGENCY_NOT_FOUND);
  });

  it("answers 404 when agency staff name a recipient of another agency, and 404 for another admin's program", async () => {
    const before = await benefitCount();
    const res = await issue(
      w.tokens.agencyAdminA1,
      issueBody({ agencyUuid: w.a1.uuid, benefitRecipientAccountIdentifier: w.accounts.a2.recipientIdentifier }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(BENEFIT_MESSAGES.RECIPIENT_NOT_FOUND);
    const program = await issue(w.tokens.programAdminB, issueBody());
    expect(program.statusCode).toBe(404);
    expect(program.json().message).toBe(BENEFIT_MESSAGES.PROGRAM_NOT_FOUND);
    expect(await benefitCount()).toBe(before);
  });

  it("refuses an agency that is not the recipient's", async () => {
    const res = await issue(w.tokens.programAdminA, issueBody({ agencyUuid: w.a2.uuid }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BENEFIT_MESSAGES.AGENCY_MISMATCH);
  });

  it('lets a program admin issue to a program-level account with or without an agency', async () => {
    const plain = await issue(
      w.tokens.programAdminA,
      issueBody({ benefitRecipientAccountIdentifier: w.accounts.programLevel.recipientIdentifier }),
    );
    expect(plain.statusCode).toBe(201);
    expect(plain.json().agencyUuid).toBeNull();
    const withAgency = await issue(
      w.tokens.programAdminA,
      issueBody({
        benefitRecipientAccountIdentifier: w.accounts.programLevel.recipientIdentifier,
        agencyUuid: w.a2.uuid,
      }),
    );
    expect(withAgency.statusCode).toBe(201);
    expect(withAgency.json().agencyUuid).toBe(w.a2.uuid);
  });

  it('refuses recipients (403) and callers without a session (401)', async () => {
    expect((await issue(w.tokens.recipient, issueBody())).statusCode).toBe(403);
    expect(
      (await t.injectAs(null, { method: 'POST', url: '/benefit-api/benefit', payload: issueBody() })).statusCode,
    ).toBe(401);
  });
});

describe('POST /benefit-api/benefit: a funding source removed meanwhile', () => {
  // Benefits name their source without a foreign key (decision 0123): the issue holds it to its commit instead.
  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'waits for a program save removing the source, then refuses and writes nothing',
    async () => {
      const source = await makeFundingSource(t.database.db, w.programA, `Going ${++sequence}`);
      const before = await benefitCount();
      let removing!: () => void;
      const removed = new Promise<void>((resolve) => (removing = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const save = t.database.db.transaction(async (tx) => {
        await tx.delete(fundingSources).where(eq(fundingSources.id, source.id));
        removing();
        await released;
      });
      await removed;
      let answered = false;
      const res = issue(w.tokens.programAdminA, issueBody({ fundingId: source.id })).finally(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      release();
      await save;
      const answer = await res;
      expect(answer.statusCode).toBe(400);
      expect(messagesOf(answer)).toContainEqual(
        expect.objectContaining({ appErrorMessage: BENEFIT_MESSAGES.FUNDING_NOT_IN_PROGRAM, field: 'fundingId' }),
      );
      expect(await benefitCount()).toBe(before);
    },
  );
});

describe('POST /benefit-api/benefit: authorization numbers', () => {
  it('keeps an authorization number unique within a program (409) but not across programs', async () => {
    const body = issueBody({ benefitAuthorizationNumber: 'DUP-0001' });
    expect((await issue(w.tokens.platformAdmin, body)).statusCode).toBe(201);
    const before = await benefitCount();
    const again = await issue(w.tokens.platformAdmin, { ...body, benefitAmount: 30 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: BENEFIT_MESSAGES.AUTH_NUMBER_EXISTS });
    expect(messagesOf(again)[0]!.field).toBe('benefitAuthorizationNumber');
    expect(await benefitCount()).toBe(before);
    const otherProgram = await issue(
      w.tokens.platformAdmin,
      issueBody({
        benefitAuthorizationNumber: 'DUP-0001',
        programUuid: w.programB.uuid,
        fundingId: w.fundB.id,
        benefitRecipientAccountIdentifier: w.accounts.b1.recipientIdentifier,
      }),
    );
    expect(otherProgram.statusCode).toBe(201);
  });
});
